import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../shared/errors';
import { buildApp } from './app';
import { migrateToLatest, UnmigratedDatabaseError } from './db/migrate';
import { builtFiles } from './static-site';
import { createTestApp, createTestDatabase, type TestApp } from '../../tests/support/test-app';

describe('health and errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /healthz and /readyz', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: t.database.kind });
  });

  it('answers unknown API paths with a JSON 404, even for browsers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json()).error.code).toBe('route_not_found');
  });

  it.each([
    ['an over-long path parameter', { method: 'GET', url: `/api/clips/${'a'.repeat(200)}` }, 414, 'uri_too_long'],
    ['a malformed address', { method: 'GET', url: '/api/clips/%E0%A4%A' }, 400, 'malformed_url'],
    ['a malformed page address', { method: 'GET', url: '/%E0%A4%A', headers: { accept: 'text/html' } }, 400, 'malformed_url'],
    [
      'a body that is not JSON',
      { method: 'POST', url: '/api/create-checkout-session', payload: '{nope', headers: { 'content-type': 'application/json' } },
      400,
      'invalid_json',
    ],
    [
      'a body over the limit',
      {
        method: 'POST',
        url: '/api/create-checkout-session',
        payload: `"${'x'.repeat(1024 * 1024)}"`,
        headers: { 'content-type': 'application/json' },
      },
      413,
      'payload_too_large',
    ],
    ['an unknown route', { method: 'PUT', url: '/api/nope' }, 404, 'route_not_found'],
    ['a method the path does not take', { method: 'PUT', url: '/api/clips' }, 405, 'method_not_allowed'],
    ['a bad query', { method: 'GET', url: '/api/clips?limit=abc' }, 400, 'validation_failed'],
  ] as const)('answers %s with { error: { code, message } } naming the cause', async (_, request, status, code) => {
    const response = await t.app.inject({ ...request });
    expect(response.statusCode).toBe(status);
    const body: unknown = JSON.parse(response.body);
    expect(body).toMatchObject({ error: { code, message: expect.any(String) } });
    expect(Object.keys(body as object)).toEqual(['error']);
    if (code === 'validation_failed') expect(body).toMatchObject({ error: { details: [{ path: 'limit', message: expect.any(String) }] } });
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses cross-site state changes before routing', async () => {
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ error: { code: 'cross_site_request' } });
    const foreignOrigin = await t.app.inject({ method: 'DELETE', url: '/api/anything', headers: { origin: 'https://evil.example' } });
    expect(foreignOrigin.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(404);
  });

  it('refuses to build over a database that lacks a migration, naming it', async () => {
    const database = await createTestDatabase();
    try {
      await sql`delete from kysely_migration where name = '0050-pending-media'`.execute(database.db);
      await expect(buildApp({ config: t.config, database })).rejects.toThrow(
        /^The database lacks 1 migration\(s\) \(0050-pending-media\): run the migrations before building the app/,
      );
    } finally {
      await database.close();
    }
  });

  it('refuses to build over an empty database, and builds once it is migrated', async () => {
    const database = await createTestDatabase();
    try {
      await sql`drop schema public cascade`.execute(database.db);
      await sql`create schema public`.execute(database.db);
      await expect(buildApp({ config: t.config, database })).rejects.toBeInstanceOf(UnmigratedDatabaseError);
      await migrateToLatest(database.db);
      const app = await buildApp({ config: t.config, database });
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await app.close();
    } finally {
      await database.close();
    }
  });

  it('sends no query while the start-up it is given still runs, hands that its logger, and is ready once it ends', async () => {
    const database = await createTestDatabase();
    const sent: string[] = [];
    let migrating = true;
    // Every query Kysely sends (raw sql included) passes transformQuery first.
    const watched = {
      ...database,
      db: database.db.withPlugin({
        transformQuery: ({ node }) => {
          if (migrating) sent.push(node.kind);
          return node;
        },
        transformResult: ({ result }) => Promise.resolve(result),
      }),
    };
    let finish!: () => void;
    const migration = new Promise<void>((resolve) => (finish = resolve));
    const loggers: unknown[] = [];
    const startup = (log: unknown) => {
      loggers.push(log);
      return migration;
    };
    let built = false;
    const building = buildApp({ config: t.config, database: watched, startup }).then((app) => {
      built = true;
      return app;
    });
    try {
      // Long enough for the whole set-up (about 0.3 s here) to have run up to the schema check.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(sent).toEqual([]);
      expect(built).toBe(false);
      migrating = false;
      finish();
      const app = await building;
      expect(loggers).toEqual([app.log]);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await app.close();
    } finally {
      finish();
      await database.close();
    }
  });

  it('refuses to build when the start-up it is given fails, leaving the database to its owner', async () => {
    const database = await createTestDatabase();
    try {
      const startup = () => Promise.reject(new Error('Database migration 0099-broken failed: boom'));
      await expect(buildApp({ config: t.config, database, startup })).rejects.toThrow('0099-broken failed');
      // Still open: the caller closes it.
      expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  it.each([
    [422, 'client_error'],
    [406, 'client_error'],
    [412, 'precondition_failed'],
    [405, 'method_not_allowed'],
  ] as const)('keeps the status of a plugin error it has no mapping for (%i → %s)', async (status, code) => {
    const app = await buildApp({ config: t.config, database: await createTestDatabase() });
    try {
      app.get('/api/plugin-refusal', { config: { access: 'public' } }, () => {
        throw Object.assign(new Error('A plugin refused this request.'), { statusCode: status });
      });
      const response = await app.inject({ method: 'GET', url: '/api/plugin-refusal' });
      expect(response.statusCode).toBe(status);
      expect(JSON.parse(response.body)).toEqual({ error: { code, message: 'A plugin refused this request.' } });
    } finally {
      await app.close();
    }
  });

  it('refuses a route without an access rule', async () => {
    const app = await buildApp({ config: t.config, database: await createTestDatabase() });
    try {
      expect(() => app.get('/api/unguarded', async () => ({}))).toThrow(/must declare config.access/);
    } finally {
      await app.close();
    }
  });
});

describe('static site', () => {
  let t: TestApp;
  const html = `<!doctype html><html class="dark"><head><script type="module" src="/static/app-1a2b.js"></script></head><body>${'x'.repeat(2000)}</body></html>`;
  const script = `console.log(${JSON.stringify('y'.repeat(4000))})`;
  let site: string;
  beforeAll(async () => {
    const { mkdtemp } = await import('node:fs/promises');
    const os = await import('node:os');
    site = await mkdtemp(path.join(os.tmpdir(), 'mingo-site-'));
    await mkdir(path.join(site, 'static'), { recursive: true });
    await mkdir(path.join(site, 'assets'), { recursive: true });
    await writeFile(path.join(site, 'index.html'), html);
    await writeFile(path.join(site, 'index.html.br'), zlib.brotliCompressSync(html));
    await writeFile(path.join(site, 'static', 'app-1a2b.js'), 'console.log(1)');
    await writeFile(path.join(site, 'static', 'big-3c4d.js'), script);
    await writeFile(path.join(site, 'static', 'big-3c4d.js.br'), zlib.brotliCompressSync(script));
    await writeFile(path.join(site, 'assets', 'particles.json'), '{}');
    t = await createTestApp({ STATIC_DIR: site });
  });
  afterAll(async () => {
    await t.close();
    await rm(site, { recursive: true, force: true });
  });

  it('serves index.html (the app 404 page, with its head) for unknown page routes as a 404 with no-cache, compressed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/some/deep/page?x=1',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    const page = zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(page).toContain('<meta property="og:title" content="Page not found · MINGO"/>');
    expect(page).toContain(`<body>${'x'.repeat(2000)}</body>`);
  });

  it.each([
    ['an over-long path parameter', `/api/clips/${'a'.repeat(200)}`, 414, 'uri_too_long'],
    ['an over-long parameter of a page', `/share/${'a'.repeat(200)}.png`, 414, 'uri_too_long'],
    ['an unknown API path', '/api/clips/x/y', 404, 'route_not_found'],
  ] as const)('answers %s with a JSON error naming the cause, not the 404 page', async (_, url, status, code) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: { code, message: expect.any(String) } });
  });

  it('sends /success (its address holds the checkout session) with no referrer; other pages keep the site-wide policy', async () => {
    const success = await t.app.inject({ method: 'GET', url: '/success?session_id=test_cs_someSession1' });
    expect(success.statusCode).toBe(200);
    expect(success.headers['referrer-policy']).toBe('no-referrer');
    const about = await t.app.inject({ method: 'GET', url: '/about' });
    expect(about.statusCode).toBe(200);
    expect(about.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('caches hashed assets for a year and revalidates particle settings', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/static/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const particles = await t.app.inject({ method: 'GET', url: '/assets/particles.json' });
    expect(particles.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/assets/', '/static/', '/icons/%00x', '/assets/%00particles.json'])(
    'refuses to serve %s with a 403 in the error shape',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'image/*' } });
      expect(response.statusCode).toBe(403);
      expect(JSON.parse(response.body)).toEqual({ error: { code: 'forbidden_path', message: 'This path cannot be served.' } });
    },
  );

  it("keeps the static files' own refusals: a failed If-Match is 412, a range past the end 416", async () => {
    const precondition = await t.app.inject({ method: 'GET', url: '/static/app-1a2b.js', headers: { 'if-match': '"another-version"' } });
    expect(precondition.statusCode).toBe(412);
    expect(precondition.json()).toMatchObject({ error: { code: 'precondition_failed', message: expect.any(String) } });
    const range = await t.app.inject({ method: 'GET', url: '/static/app-1a2b.js', headers: { range: 'bytes=5000-6000' } });
    expect(range.statusCode).toBe(416);
    expect(range.json()).toMatchObject({ error: { code: 'range_not_satisfiable', message: expect.any(String) } });
  });

  it('knows the files of the build by their address, not its directories', () => {
    expect([...builtFiles(site)].sort()).toEqual([
      '/assets/particles.json',
      '/index.html',
      '/index.html.br',
      '/static/app-1a2b.js',
      '/static/big-3c4d.js',
      '/static/big-3c4d.js.br',
    ]);
  });

  it("answers a file of the build at its exact address as the plugin's own route does under another spelling of it", async () => {
    // An exact address is sent at once; a percent-encoded one takes @fastify/static's route,
    // with its spelling check (decision 189). Both send the precompressed variant, same headers.
    const headers = { 'accept-encoding': 'br, gzip' };
    const exact = await t.app.inject({ method: 'GET', url: '/static/big-3c4d.js?v=1', headers });
    const encoded = await t.app.inject({ method: 'GET', url: '/static/%62ig-3c4d.js', headers });
    for (const response of [exact, encoded]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toContain('javascript');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    }
    const { date: _exactDate, ...exactHeaders } = exact.headers;
    const { date: _encodedDate, ...encodedHeaders } = encoded.headers;
    expect(exactHeaders).toEqual(encodedHeaders);
    const head = await t.app.inject({ method: 'HEAD', url: '/static/big-3c4d.js', headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(exact.headers['content-length']);
    expect(head.body).toBe('');
  });

  it("still serves a file that came after the start, through the plugin's route", async () => {
    await writeFile(path.join(site, 'static', 'late-5e6f.js'), 'console.log(2)');
    const late = await t.app.inject({ method: 'GET', url: '/static/late-5e6f.js' });
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe('console.log(2)');
  });

  it('answers a missing image with 404, not the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/posters/missing.svg', headers: { accept: 'image/*' } });
    expect(response.statusCode).toBe(404);
  });
});
