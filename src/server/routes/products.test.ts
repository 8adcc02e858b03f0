import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductPageSchema, StaffProductSchema, type Product } from '../../shared/products';
import { createProductRepository, type ProductRepository } from '../products/product-repository';
import { signedInAs, TEST_ORIGIN } from '../../../tests/support/auth';
import { productFields } from '../../../tests/support/product-fields';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A multipart body as a browser's FormData would send it, for `app.inject`. */
async function multipart(fields: Record<string, string>, files: Record<string, { bytes: Buffer; type: string; name?: string }> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name ?? 'upload.bin');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const pngBytes = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#f5c542' } })
    .png()
    .toBuffer();

/** The product form's fields as the staff page sends them. */
const productForm = (code: string) => ({
  productName: `Shirt ${code}`,
  productCode: code,
  description: 'Printed to order',
  price: '24.99',
  quantityInStock: '10',
  shirtSizes: ' S, M ,, L ',
  shirtColors: 'Black,White',
  vinylColors: '',
});

describe('product routes', () => {
  let t: TestApp;
  let repo: ProductRepository;
  let staff: Record<string, string>;
  let admin: Record<string, string>;
  const seeded: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    repo = createProductRepository(t.database.db);
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 1; i <= 9; i += 1) {
      const product = await repo.create({
        ...productFields(`DEMO-${i}`, { name: `Demo ${i}`, priceCents: 1000 + i, stock: i }),
        createdAt: new Date(base + i * 1000),
      });
      seeded.push(product.id);
    }
    staff = (await signedInAs(t, 'staff')).headers;
    admin = (await signedInAs(t, 'admin')).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The staff page's product form, posted as multipart. */
  const postForm = (form: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/products', payload: form.payload, headers: { ...staff, ...form.headers } });

  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
    return { status: response.statusCode, body: response.json<unknown>() };
  };

  describe('catalogue', () => {
    it.each([
      { query: '', page: 1, codes: ['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4'] },
      { query: '?page=2', page: 2, codes: ['DEMO-5', 'DEMO-6', 'DEMO-7', 'DEMO-8'] },
      { query: '?page=3', page: 3, codes: ['DEMO-9'] },
      { query: '?page=4', page: 3, codes: ['DEMO-9'] },
      { query: '?page=999999', page: 3, codes: ['DEMO-9'] },
      { query: '?page=0', page: 1, codes: ['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4'] },
      { query: '?page=-3', page: 1, codes: ['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4'] },
      { query: '?page=2&pageSize=5', page: 2, codes: ['DEMO-6', 'DEMO-7', 'DEMO-8', 'DEMO-9'] },
    ])('GET /api/products$query → page $page, stable order, clamped', async ({ query, page, codes }) => {
      const { status, body } = await list(query);
      expect(status).toBe(200);
      const parsed = ProductPageSchema.parse(body);
      expect(parsed.total).toBe(9);
      expect(parsed.page).toBe(page);
      expect(parsed.items.map((item) => item.productCode)).toEqual(codes);
    });

    it('answers the wire shape with the specification names and dollars', async () => {
      const { body } = await list('');
      ProductPageSchema.parse(body);
      // The raw JSON, not a zod parse (which would strip unknown keys): nothing beyond the contract leaks.
      const first: unknown = (body as { items: unknown[] }).items[0];
      expect(first).toStrictEqual({
        id: seeded[0],
        productName: 'Demo 1',
        productCode: 'DEMO-1',
        description: '',
        price: 10.01,
        imageURL: '/images/products/placeholder.svg',
        quantityInStock: 1,
        shirtSizes: [],
        shirtColors: [],
        vinylColors: [],
      });
      expect(Object.keys(first as object)).not.toContain('isActive');
    });

    it.each(['?page=abc', '?pageSize=0', '?pageSize=1000', '?page=1.5', '?sort=name'])('refuses %s with 400', async (query) => {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: { code: 'validation_failed' } });
    });

    it('GET /api/products/:id answers an active product and 404 for missing, archived or malformed ids', async () => {
      const ok = await t.app.inject({ method: 'GET', url: `/api/products/${seeded[1] ?? ''}` });
      expect(ok.statusCode).toBe(200);
      expect(ok.json<Product>().productCode).toBe('DEMO-2');

      const archived = await repo.create(productFields('ARCHIVED-1', { name: 'Old', priceCents: 500, stock: 1 }));
      await repo.update(archived.id, { isActive: false });
      for (const id of [MISSING_ID, archived.id, 'not-a-uuid', "1' or 1=1"]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/products/${encodeURIComponent(id)}` });
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toEqual({
          error: { code: 'not_found', message: 'The product is not available or something went wrong.' },
        });
      }
      const { body } = await list('');
      expect(ProductPageSchema.parse(body).total).toBe(9);
    });

    it('GET /api/products/lookup answers the active products among the ids, for the cart', async () => {
      const archived = await repo.create(productFields('ARCHIVED-2', { name: 'Gone', priceCents: 500, stock: 1 }));
      await repo.update(archived.id, { isActive: false });
      const ids = [seeded[2], MISSING_ID, archived.id, seeded[0]].join(',');
      const response = await t.app.inject({ method: 'GET', url: `/api/products/lookup?ids=${ids}` });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ items: Product[] }>().items.map((item) => item.productCode)).toEqual(['DEMO-3', 'DEMO-1']);

      const bad = await t.app.inject({ method: 'GET', url: '/api/products/lookup?ids=nope' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('permissions', () => {
    const writes = () => [
      { method: 'POST' as const, url: '/api/products', payload: { ...productForm('PERM-1') } },
      { method: 'PATCH' as const, url: `/api/products/${seeded[0] ?? ''}`, payload: { quantityInStock: 3 } },
      { method: 'GET' as const, url: '/api/products/manage' },
    ];

    it('refuses anonymous writes and the staff list with 401', async () => {
      for (const request of writes()) {
        const response = await t.app.inject({ ...request, headers: { origin: TEST_ORIGIN } });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
      }
      const image = await multipart({}, { image: { bytes: await pngBytes(10, 10), type: 'image/png' } });
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${seeded[0] ?? ''}/image`,
        payload: image.payload,
        headers: { ...image.headers, origin: TEST_ORIGIN },
      });
      expect(response.statusCode).toBe(401);
      expect((await repo.getById(seeded[0] ?? ''))?.stock).toBe(1);
    });

    it('refuses cross-site writes even when signed in', async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/products/${seeded[0] ?? ''}`,
        payload: { quantityInStock: 3 },
        headers: { ...staff, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(response.statusCode).toBe(403);
    });

    it.each(['staff', 'admin'] as const)('lets %s manage products', async (role) => {
      const headers = role === 'staff' ? staff : admin;
      const listed = await t.app.inject({ method: 'GET', url: '/api/products/manage', headers });
      expect(listed.statusCode).toBe(200);
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/products/${seeded[8] ?? ''}`,
        payload: { quantityInStock: role === 'staff' ? 20 : 21 },
        headers,
      });
      expect(patched.statusCode).toBe(200);
      expect(StaffProductSchema.parse(patched.json()).quantityInStock).toBe(role === 'staff' ? 20 : 21);
    });
  });

  describe('creating products', () => {
    it('creates a product from the multipart form with a normalised image', async () => {
      const form = await multipart(productForm('new-tee'), { image: { bytes: await pngBytes(), type: 'image/png', name: 'tee.png' } });
      const response = await postForm(form);
      expect(response.statusCode, response.body).toBe(201);
      const created = StaffProductSchema.parse(response.json());
      expect(created).toMatchObject({
        productName: 'Shirt new-tee',
        productCode: 'NEW-TEE',
        price: 24.99,
        quantityInStock: 10,
        shirtSizes: ['S', 'M', 'L'],
        shirtColors: ['Black', 'White'],
        vinylColors: [],
        isActive: true,
      });
      expect((await repo.getById(created.id))?.priceCents).toBe(2499);
      expect(created.imageURL).toMatch(/^\/api\/product-images\/[0-9a-f-]{36}\.webp$/);

      const image = await t.app.inject({ method: 'GET', url: created.imageURL });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: 800, height: 600 });
      const again = await t.app.inject({ method: 'GET', url: created.imageURL, headers: { 'if-none-match': String(image.headers.etag) } });
      expect(again.statusCode).toBe(304);

      const inShop = await t.app.inject({ method: 'GET', url: `/api/products/${created.id}` });
      expect(inShop.json<Product>().productName).toBe('Shirt new-tee');
    });

    it('creates a product from JSON with option arrays, without an image', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        payload: {
          productName: 'Vinyl',
          productCode: 'JSON-VINYL',
          price: 19.99,
          quantityInStock: 0,
          vinylColors: [' Clear ', 'Clear', 'Black'],
        },
        headers: staff,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ price: 19.99, quantityInStock: 0, vinylColors: ['Clear', 'Black'], description: '' });
    });

    it('answers 409 with a clear message for a code that is taken, whatever its case', async () => {
      const first = await t.app.inject({ method: 'POST', url: '/api/products', payload: { ...productForm('DUP-CODE') }, headers: staff });
      expect(first.statusCode).toBe(201);
      const form = await multipart(productForm('dup-code'), { image: { bytes: await pngBytes(20, 20), type: 'image/png' } });
      const second = await postForm(form);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        error: { code: 'conflict', message: 'The product code DUP-CODE is already taken. Choose another code.' },
      });
      // The image of the refused product was not kept.
      const images = await t.database.db.selectFrom('product_images').select('key').execute();
      const products = await t.database.db.selectFrom('products').select('image_key').where('image_key', 'is not', null).execute();
      expect(images.length).toBe(products.length);
    });

    it.each([
      ['a negative price', { price: '-1' }],
      ['a zero price', { price: '0' }],
      ['a price with three decimals', { price: '1.999' }],
      ['a price that is not a number', { price: 'abc' }],
      ['negative stock', { quantityInStock: '-1' }],
      ['fractional stock', { quantityInStock: '1.5' }],
      ['stock that is not a number', { quantityInStock: 'ten' }],
      ['an empty name', { productName: '  ' }],
      ['a code with spaces', { productCode: 'A B' }],
      ['an unknown field (mass assignment)', { isActive: 'false' }],
      ['an unknown field (mass assignment)', { priceCents: '1' }],
    ])('refuses %s with 400 and stores nothing', async (_name, override) => {
      const before = await repo.countAll();
      const form = await multipart({ ...productForm('BAD-1'), ...override });
      const response = await postForm(form);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
      expect(await repo.countAll()).toBe(before);
    });

    it.each([
      ['a negative price', { price: -5 }],
      ['a non-integer number of cents', { price: 10.005 }],
      ['fractional stock', { quantityInStock: 2.5 }],
      ['negative stock', { quantityInStock: -2 }],
      ['a numeric string with an exponent', { quantityInStock: '1e3' }],
      ['an unknown field', { id: MISSING_ID }],
      ['an unknown field', { created_at: '2020-01-01' }],
    ])('refuses JSON with %s', async (_name, override) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        payload: { productName: 'X', productCode: 'BAD-JSON', price: 10, quantityInStock: 1, ...override },
        headers: staff,
      });
      expect(response.statusCode, response.body).toBe(400);
    });

    it.each([
      ['text pretending to be a PNG', Buffer.from('hello'), 'image/png', 415],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), 'image/svg+xml', 415],
    ])('refuses %s as the image', async (_name, bytes, type, status) => {
      const form = await multipart(productForm('BAD-IMG'), { image: { bytes, type } });
      const response = await postForm(form);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
      const stored = await t.database.db.selectFrom('products').select('id').where('code', '=', 'BAD-IMG').execute();
      expect(stored).toEqual([]);
    });

    it('refuses an image above 5 MB with 413', async () => {
      const form = await multipart(productForm('BIG-IMG'), {
        image: { bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 1), type: 'image/png' },
      });
      const response = await postForm(form);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    });

    it('refuses other file fields and repeated fields', async () => {
      const extraFile = await multipart(productForm('EXTRA-FILE'), { avatar: { bytes: await pngBytes(5, 5), type: 'image/png' } });
      const first = await postForm(extraFile);
      expect(first.statusCode).toBe(400);

      const form = new FormData();
      form.append('productName', 'A');
      form.append('productName', 'B');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const second = await postForm({
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
      });
      expect(second.statusCode).toBe(400);
    });
  });

  describe('editing products', () => {
    const patch = (id: string, payload: unknown) =>
      t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, payload: payload as object, headers: staff });

    it('edits price, stock and options, and archives and unarchives', async () => {
      const id = seeded[3] ?? '';
      const edited = await patch(id, { price: '12.50', quantityInStock: 7, shirtSizes: 'M, L', vinylColors: ['Red'] });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        price: 12.5,
        quantityInStock: 7,
        shirtSizes: ['M', 'L'],
        vinylColors: ['Red'],
        isActive: true,
      });

      expect((await patch(id, { isActive: false })).json()).toMatchObject({ isActive: false });
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(404);
      const shop = ProductPageSchema.parse((await list('?pageSize=48')).body);
      expect(shop.items.map((item) => item.id)).not.toContain(id);
      const managed = await t.app.inject({ method: 'GET', url: '/api/products/manage', headers: staff });
      expect(managed.json<{ items: { id: string; isActive: boolean }[] }>().items.find((item) => item.id === id)).toMatchObject({
        isActive: false,
      });

      expect((await patch(id, { isActive: true })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(200);
    });

    it.each([
      ['an empty body', {}],
      ['a negative price', { price: -1 }],
      ['fractional stock', { quantityInStock: 0.5 }],
      ['an unknown field', { stock: 5 }],
      ['an unknown field', { imageKey: 'x.webp' }],
      ['a non-boolean isActive', { isActive: 'no' }],
    ])('refuses %s with 400', async (_name, payload) => {
      const response = await patch(seeded[4] ?? '', payload);
      expect(response.statusCode).toBe(400);
      expect((await repo.getById(seeded[4] ?? ''))?.priceCents).toBe(1005);
    });

    it('answers 404 for a missing product or an id that cannot exist, and 409 for a taken code', async () => {
      const unavailable = { error: { code: 'not_found', message: 'The product is not available or something went wrong.' } };
      for (const id of [MISSING_ID, 'not-a-uuid']) {
        const response = await patch(id, { quantityInStock: 1 });
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toEqual(unavailable);
      }
      const image = await multipart({}, { image: { bytes: await pngBytes(10, 10), type: 'image/png' } });
      const badImageTarget = await t.app.inject({
        method: 'PUT',
        url: '/api/products/not-a-uuid/image',
        payload: image.payload,
        headers: { ...staff, ...image.headers },
      });
      expect(badImageTarget.statusCode).toBe(404);
      expect(badImageTarget.json()).toEqual(unavailable);
      const conflictResponse = await patch(seeded[5] ?? '', { productCode: 'demo-1' });
      expect(conflictResponse.statusCode).toBe(409);
      expect(conflictResponse.json()).toMatchObject({
        error: { message: 'The product code DEMO-1 is already taken. Choose another code.' },
      });
    });

    it('replaces the image and removes the old one', async () => {
      const id = seeded[6] ?? '';
      const put = async (bytes: Buffer) => {
        const form = await multipart({}, { image: { bytes, type: 'image/png' } });
        return t.app.inject({
          method: 'PUT',
          url: `/api/products/${id}/image`,
          payload: form.payload,
          headers: { ...staff, ...form.headers },
        });
      };
      const first = StaffProductSchema.parse((await put(await pngBytes(100, 100))).json());
      const second = StaffProductSchema.parse((await put(await pngBytes(200, 100))).json());
      expect(second.imageURL).not.toBe(first.imageURL);
      expect((await t.app.inject({ method: 'GET', url: first.imageURL })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: second.imageURL })).statusCode).toBe(200);

      expect((await put(Buffer.from('nope'))).statusCode).toBe(415);
      const noImage = await multipart({ price: '1' });
      const refused = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${id}/image`,
        payload: noImage.payload,
        headers: { ...staff, ...noImage.headers },
      });
      expect(refused.statusCode).toBe(400);
    });
  });

  it.each(['../../etc/passwd', 'abc.webp', `${MISSING_ID}.webp`, `${MISSING_ID}.png`])(
    'GET /api/product-images/%s answers 404',
    async (key) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/product-images/${encodeURIComponent(key)}` });
      expect(response.statusCode).toBe(404);
    },
  );
});
