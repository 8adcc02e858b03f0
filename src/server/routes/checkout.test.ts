import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderPageSchema, OrderSummarySchema } from '../../shared/orders';
import { createProductRepository, type ProductRecord, type ProductRepository } from '../products/product-repository';
import { signedInAs, TEST_ORIGIN } from '../../../tests/support/auth';
import { payTestCheckout, startCheckout, testCheckoutAction } from '../../../tests/support/shop';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { productFields } from '../../../tests/support/product-fields';

// Checkout with the built-in test provider (the default): the checkout body, the hosted test
// page, Pay / Cancel through the shared fulfilment, and the order endpoints.

const headers = { origin: TEST_ORIGIN };

type Line = {
  product: { id: string; price?: number };
  quantity: unknown;
  selectedShirtSize?: string | null;
  selectedShirtColor?: string | null;
  selectedVinylColor?: string | null;
};

describe('checkout with the test provider', () => {
  let t: TestApp;
  let repo: ProductRepository;
  let tee: ProductRecord;
  let mug: ProductRecord;
  let archived: ProductRecord;
  let vinyl: ProductRecord;

  const countOrders = async () =>
    (
      await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const stockOf = async (id: string) => (await repo.getById(id))?.stock;
  // Another shopper's address, for tests that need more checkouts than one address may start a minute.
  const checkout = (body: unknown, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers, payload: body as object, remoteAddress });
  const sessionOf = (url: string) => url.split('/').pop() ?? '';

  beforeAll(async () => {
    t = await createTestApp();
    repo = createProductRepository(t.database.db);
    tee = await repo.create(
      productFields('TEE', { name: 'Classic Tee', priceCents: 2499, stock: 3, shirtSizes: ['S', 'M'], shirtColors: ['Red'] }),
    );
    mug = await repo.create(productFields('MUG', { name: 'Mug', priceCents: 1250, stock: 50 }));
    vinyl = await repo.create(productFields('VINYL', { name: 'Vinyl', priceCents: 3000, stock: 10, vinylColors: ['Black', 'Gold'] }));
    archived = await repo.create(productFields('OLD', { name: 'Old Tee', stock: 5 }));
    await repo.update(archived.id, { isActive: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a pending order priced from the database and answers the test checkout url', async () => {
    const before = await countOrders();
    const response = await checkout([
      {
        product: { id: tee.id, price: 0.01, productName: 'Free!' },
        quantity: 2,
        selectedShirtSize: 'M',
        selectedShirtColor: 'Red',
        selectedVinylColor: null,
      },
      { product: { id: mug.id, price: 0.01 }, quantity: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^\/checkout\/test\/test_cs_[A-Za-z0-9_]+$/);
    expect(await countOrders()).toBe(before + 1);

    const order = OrderSummarySchema.parse((await t.app.inject({ method: 'GET', url: `/api/orders/by-session/${sessionOf(url)}` })).json());
    expect(order.status).toBe('pending');
    expect(order.items.map((item) => [item.productName, item.quantity, item.unitPrice, item.shirtSize, item.shirtColor])).toEqual([
      ['Classic Tee', 2, 24.99, 'M', 'Red'],
      ['Mug', 1, 12.5, null, null],
    ]);
    // 2 × 24.99 + 12.50 = 62.48: free delivery, tax 10.75 % = 6.7166 → 6.72.
    expect([order.subtotal, order.delivery, order.tax, order.total]).toEqual([62.48, 0, 6.72, 69.2]);
    // Nothing is taken from stock before the payment, but the session holds its units: the shop
    // offers the one left.
    expect(await repo.getById(tee.id)).toMatchObject({ stock: 3, reservedStock: 2 });
    const offered = await t.app.inject({ method: 'GET', url: `/api/products/${tee.id}` });
    expect(offered.json<{ quantityInStock: number }>().quantityInStock).toBe(1);
  });

  it('charges delivery below $50', async () => {
    const response = await checkout([{ product: { id: mug.id }, quantity: 1 }]);
    const order = OrderSummarySchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/orders/by-session/${sessionOf(response.json<{ url: string }>().url)}` })).json(),
    );
    // 12.50 + 5.99 + 1.34 (1.34375 rounded).
    expect([order.subtotal, order.delivery, order.tax, order.total]).toEqual([12.5, 5.99, 1.34, 19.83]);
  });

  const badBodies: [string, unknown, number, RegExp][] = [
    ['an empty cart', [], 400, /cart is empty/],
    ['an object instead of an array', { product: { id: 'x' }, quantity: 1 }, 400, /array/],
    ['quantity 0', [{ product: { id: 'MUG' }, quantity: 0 }], 400, /^Line 1: quantity must be at least 1/],
    ['quantity -1', [{ product: { id: 'MUG' }, quantity: -1 }], 400, /^Line 1: quantity/],
    ['quantity 1.5', [{ product: { id: 'MUG' }, quantity: 1.5 }], 400, /^Line 1: quantity must be a whole number/],
    ['quantity "1"', [{ product: { id: 'MUG' }, quantity: '1' }], 400, /^Line 1: quantity must be a whole number/],
    ['quantity null', [{ product: { id: 'MUG' }, quantity: null }], 400, /^Line 1: quantity/],
    ['a huge quantity', [{ product: { id: 'MUG' }, quantity: 1e12 }], 400, /^Line 1: quantity must be at most/],
    ['no product', [{ quantity: 1 }], 400, /^Line 1: product/],
    ['an unknown field', [{ product: { id: 'MUG' }, quantity: 1, price: 1 }], 400, /^Line 1: .*price/],
    ['too many lines', Array.from({ length: 51 }, () => ({ product: { id: 'MUG' }, quantity: 1 })), 400, /at most 50 lines/],
  ];
  it.each(badBodies)('refuses %s with a 4xx and stores no order', async (_name, body, status, message) => {
    const before = await countOrders();
    const resolved = JSON.parse(JSON.stringify(body).replaceAll('"MUG"', JSON.stringify(mug.id))) as unknown;
    const response = await checkout(resolved);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(message);
    expect(await countOrders()).toBe(before);
  });

  it('names the offending line for catalogue problems, and stores no order', async () => {
    const cases: [Line[], number, string][] = [
      [
        [
          { product: { id: mug.id }, quantity: 1 },
          { product: { id: '00000000-0000-4000-8000-000000000000' }, quantity: 1 },
        ],
        409,
        'Line 2: this product is not available.',
      ],
      [[{ product: { id: 'not-a-uuid' }, quantity: 1 }], 409, 'Line 1: this product is not available.'],
      [[{ product: { id: archived.id }, quantity: 1 }], 409, 'Line 1 (Old Tee): this product is no longer available.'],
      [
        [
          { product: { id: mug.id }, quantity: 1 },
          { product: { id: tee.id }, quantity: 5, selectedShirtSize: 'S', selectedShirtColor: 'Red' },
        ],
        409,
        // 3 in stock, 2 of them held by the first test's open checkout.
        'Line 2 (Classic Tee): quantity 5 exceeds the 1 in stock.',
      ],
      [
        [
          { product: { id: tee.id }, quantity: 1, selectedShirtSize: 'S', selectedShirtColor: 'Red' },
          { product: { id: tee.id }, quantity: 1, selectedShirtSize: 'M', selectedShirtColor: 'Red' },
        ],
        409,
        'Line 2 (Classic Tee): quantity 1 (2 with the lines above) exceeds the 1 in stock.',
      ],
      [
        [{ product: { id: tee.id }, quantity: 1, selectedShirtSize: 'XXL', selectedShirtColor: 'Red' }],
        400,
        'Line 1 (Classic Tee): Shirt Size "XXL" is not offered for this product.',
      ],
      [
        [{ product: { id: mug.id }, quantity: 1, selectedVinylColor: 'Gold' }],
        400,
        'Line 1 (Mug): Vinyl Color "Gold" is not offered for this product.',
      ],
      [[{ product: { id: tee.id }, quantity: 1, selectedShirtSize: 'S' }], 400, 'Line 1 (Classic Tee): please select Shirt Color.'],
      [[{ product: { id: vinyl.id }, quantity: 1 }], 400, 'Line 1 (Vinyl): please select Vinyl Color.'],
    ];
    const before = await countOrders();
    for (const [body, status, message] of cases) {
      const response = await checkout(body);
      expect({ status: response.statusCode, message: response.json<{ error: { message: string } }>().error.message }).toEqual({
        status,
        message,
      });
    }
    expect(await countOrders()).toBe(before);
  });

  it('refuses a total above what a checkout can take', async () => {
    const pricey = await repo.create(productFields('PRICEY', { priceCents: 10_000_000, stock: 100 }));
    const response = await checkout([{ product: { id: pricey.id }, quantity: 10 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/above the \$999,999\.99/);
  });

  it('refuses cross-site checkout posts', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: [{ product: { id: mug.id }, quantity: 1 }],
    });
    expect(response.statusCode).toBe(403);
  });

  describe('the hosted test checkout', () => {
    const ADDRESS = {
      email: 'fan@example.com',
      name: 'Ada Fan',
      line1: '1 Main St',
      city: 'Springfield',
      postalCode: '12345',
      country: 'US',
    };
    async function startSession(quantity = 2, remoteAddress?: string): Promise<string> {
      const response = await checkout([{ product: { id: vinyl.id }, quantity, selectedVinylColor: 'Gold' }], remoteAddress);
      expect(response.statusCode, response.body).toBe(200);
      return sessionOf(response.json<{ url: string }>().url);
    }
    const page = (sessionId: string) => t.app.inject({ method: 'GET', url: `/checkout/test/${sessionId}` });
    const post = (sessionId: string, action: 'pay' | 'cancel', form: Record<string, string> = {}) =>
      testCheckoutAction(t, sessionId, action, form);
    const statusOf = async (sessionId: string) =>
      OrderSummarySchema.parse((await t.app.inject({ method: 'GET', url: `/api/orders/by-session/${sessionId}` })).json()).status;

    it('shows the order in test mode under the strict CSP, with its stylesheet same-origin', async () => {
      const sessionId = await startSession();
      const response = await page(sessionId);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(response.body).toContain('Test mode — no real payment.');
      expect(response.body).toContain('Vinyl');
      expect(response.body).toContain('Gold vinyl');
      expect(response.body).toContain('Pay $66.45'); // 60.00, free delivery, 6.45 tax
      expect(response.body).not.toMatch(/<script|style=/);
      const css = await t.app.inject({ method: 'GET', url: '/checkout/test/styles.css' });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toMatch(/text\/css/);
    });

    it('asks for the e-mail and a shipping address, with a clear message per problem, and stores them', async () => {
      const sessionId = await startSession(1);
      const form = await page(sessionId);
      for (const label of ['Email for the receipt', 'Full name', 'Address line 1', 'City', 'Postal code', 'Country']) {
        expect(form.body).toContain(`>${label}</label>`);
      }
      expect(form.body).toContain('<option value="US" selected="">US</option>');

      const refused = await post(sessionId, 'pay', {
        cardNumber: '4242424242424242',
        email: 'not-an-email',
        name: ' ',
        line1: '',
        city: 'X',
        postalCode: '!!',
        country: 'FR',
      });
      expect(refused.statusCode).toBe(422);
      for (const message of [
        'Please enter a valid email address for the receipt.',
        'Please enter the full name.',
        'Please enter the address.',
        'Please enter a valid postal code (letters, digits, spaces and dashes).',
        'We ship only to US.',
      ]) {
        expect(refused.body).toContain(message);
      }
      expect(refused.body).toContain('value="not-an-email"');
      // Each message is tied to its field (announced there by screen readers) and links to it.
      for (const id of ['email', 'name', 'line1', 'postalCode']) {
        expect(refused.body).toMatch(new RegExp(`<input id="${id}" [^>]* aria-invalid="true" aria-describedby="${id}-error"[^>]*>`));
      }
      expect(refused.body).toMatch(/<select id="country" [^>]* aria-invalid="true" aria-describedby="country-error">/);
      expect(refused.body).toContain('<li id="email-error"><a href="#email">Please enter a valid email address for the receipt.</a></li>');
      expect(refused.body).toContain('<li id="country-error"><a href="#country">We ship only to US.</a></li>');
      // Valid fields are not flagged; the card keeps its hint.
      expect(refused.body).not.toMatch(/<input id="(city|line2|state)" [^>]*aria-invalid/);
      expect(refused.body).toMatch(/<input id="card" [^>]* aria-describedby="card-hint"[^>]*>/);
      expect(await statusOf(sessionId)).toBe('pending');

      const paid = await post(sessionId, 'pay', { ...ADDRESS, line2: 'Apt 4', state: 'IL', cardNumber: '4242424242424242' });
      expect(paid.statusCode).toBe(303);
      const order = await t.database.db
        .selectFrom('orders')
        .selectAll()
        .where('provider_session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({
        status: 'paid',
        customer_email: 'fan@example.com',
        shipping_name: 'Ada Fan',
        shipping_line1: '1 Main St',
        shipping_line2: 'Apt 4',
        shipping_city: 'Springfield',
        shipping_state: 'IL',
        shipping_postal_code: '12345',
        shipping_country: 'US',
      });
      expect(order.payment_reference).toMatch(/^test_pi_/);
    });

    it('declines any card but the test card, then pays through fulfilment and takes stock once', async () => {
      const sessionId = await startSession();
      const before = await stockOf(vinyl.id);
      const declined = await post(sessionId, 'pay', { ...ADDRESS, cardNumber: '4000 0000 0000 0002' });
      expect(declined.statusCode).toBe(422);
      expect(declined.body).toContain('Your card was declined');
      expect(declined.body).toMatch(/<input id="card" [^>]* aria-invalid="true" aria-describedby="card-error card-hint"[^>]*>/);
      expect(declined.body).not.toMatch(/<input id="email" [^>]*aria-invalid/);
      expect(declined.body).toContain('value="fan@example.com"');
      expect(await statusOf(sessionId)).toBe('pending');

      const paid = await post(sessionId, 'pay', { ...ADDRESS, cardNumber: '4242 4242 4242 4242' });
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(`/success?session_id=${sessionId}`);
      expect(await statusOf(sessionId)).toBe('paid');
      expect(await stockOf(vinyl.id)).toBe((before ?? 0) - 2);

      // Pressing Pay again (back button, double submit) changes nothing.
      const again = await post(sessionId, 'pay', { ...ADDRESS, cardNumber: '4242424242424242' });
      expect(again.statusCode).toBe(303);
      const cancelled = await post(sessionId, 'cancel');
      expect(cancelled.headers.location).toBe(`/success?session_id=${sessionId}`);
      expect(await statusOf(sessionId)).toBe('paid');
      expect(await stockOf(vinyl.id)).toBe((before ?? 0) - 2);
      const order = await t.database.db
        .selectFrom('orders')
        .selectAll()
        .where('provider_session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(order.customer_email).toBe('fan@example.com');
      expect(order.paid_at).not.toBeNull();
    });

    it('cancels a pending order, which can then not be paid', async () => {
      const sessionId = await startSession(1);
      const before = await stockOf(vinyl.id);
      const cancelled = await post(sessionId, 'cancel');
      expect(cancelled.statusCode).toBe(303);
      expect(cancelled.headers.location).toBe('/cancel');
      expect(await statusOf(sessionId)).toBe('cancelled');
      const pay = await post(sessionId, 'pay', { ...ADDRESS, cardNumber: '4242424242424242' });
      expect(pay.statusCode).toBe(409);
      expect(await statusOf(sessionId)).toBe('cancelled');
      expect(await stockOf(vinyl.id)).toBe(before);
    });

    it('refuses a checkout of units other open sessions hold, before any payment; a cancel gives them back', async () => {
      const before = await repo.getById(vinyl.id);
      const available = (before?.stock ?? 0) - (before?.reservedStock ?? 0);
      expect(available).toBeGreaterThanOrEqual(2);
      const shopper = '192.0.2.22';
      const first = await startSession(available - 1, shopper);
      const second = await startSession(1, shopper);
      const refused = await checkout([{ product: { id: vinyl.id }, quantity: 1, selectedVinylColor: 'Black' }], shopper);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { code: 'conflict', message: 'Line 1 (Vinyl): this product is sold out.' } });

      await post(second, 'cancel');
      const third = await startSession(1, shopper);
      await post(first, 'pay', { ...ADDRESS, cardNumber: '4242424242424242' });
      await post(third, 'pay', { ...ADDRESS, cardNumber: '4242424242424242' });
      expect([await statusOf(first), await statusOf(second), await statusOf(third)]).toEqual(['paid', 'cancelled', 'paid']);
      expect(await repo.getById(vinyl.id)).toMatchObject({
        stock: (before?.stock ?? 0) - available,
        reservedStock: before?.reservedStock,
      });
    });

    it('answers 404 for unknown or malformed sessions', async () => {
      expect((await page('test_cs_unknownunknownunknown')).statusCode).toBe(404);
      expect((await page('..%2F..%2Fetc')).statusCode).toBe(404);
      expect((await post('test_cs_unknownunknownunknown', 'pay', { ...ADDRESS, cardNumber: '4242424242424242' })).statusCode).toBe(404);
      const malformed = await t.app.inject({ method: 'GET', url: '/api/orders/by-session/nope' });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual({ error: { code: 'not_found', message: 'We could not find an order for this checkout session.' } });
      expect((await t.app.inject({ method: 'GET', url: '/api/orders/by-session/cs_test_unknown_session' })).statusCode).toBe(404);
    });

    it('keeps the Stripe webhook off with the test provider', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('the orders list', () => {
    it('is for admins only, newest first, with status, totals and items', async () => {
      const admin = await signedInAs(t, 'admin');
      const staff = await signedInAs(t, 'staff');
      expect((await t.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: staff.headers })).statusCode).toBe(403);

      const newest = await checkout([{ product: { id: mug.id }, quantity: 3 }]);
      expect(newest.statusCode).toBe(200);
      const response = await t.app.inject({ method: 'GET', url: '/api/orders', headers: admin.headers });
      expect(response.statusCode).toBe(200);
      const page = OrderPageSchema.parse(response.json());
      expect(page.total).toBeGreaterThan(3);
      const first = page.items[0];
      expect(first?.providerSessionId).toBe(sessionOf(newest.json<{ url: string }>().url));
      expect(first?.items).toEqual([expect.objectContaining({ productName: 'Mug', quantity: 3, unitPrice: 12.5 })]);
      expect(first?.status).toBe('pending');
      expect(first?.provider).toBe('test');
      const created = page.items.map((order) => order.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
    });
  });
});

describe('the hosted test checkout in the server log', () => {
  let t: TestApp;
  const lines: { level: number; msg?: string }[] = [];

  beforeAll(async () => {
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg?: string }) };
    t = await createTestApp({}, { logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs no warning or error for a visit, its style sheet, a refused form, a payment and a cancellation', async () => {
    // Start-up lines (e.g. "no built web app found") are not this story's.
    const startUp = lines.length;
    const repo = createProductRepository(t.database.db);
    const poster = await repo.create(productFields('POSTER', { name: 'Poster', priceCents: 1500 }));
    const paid = (await startCheckout(t, [{ product: { id: poster.id }, quantity: 1 }])).sessionId;
    const cancelled = (await startCheckout(t, [{ product: { id: poster.id }, quantity: 1 }])).sessionId;
    const page = (sessionId: string) => t.app.inject({ method: 'GET', url: `/checkout/test/${sessionId}` });
    const pay = (card: string) => payTestCheckout(t, paid, { email: 'ada@test.local', cardNumber: card });

    expect((await page(paid)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/checkout/test/styles.css' })).statusCode).toBe(200);
    expect((await pay('4000000000000002')).statusCode).toBe(422);
    expect((await pay('4242424242424242')).statusCode).toBe(303);
    expect((await page(paid)).statusCode).toBe(303);
    expect((await testCheckoutAction(t, cancelled, 'cancel')).statusCode).toBe(303);
    expect((await page('test_cs_0123456789abcdef')).statusCode).toBe(404);

    // The log was read: the payment and the cancellation are in it, and nothing at warn (40) or above.
    const logged = lines.slice(startUp);
    expect(logged.map((line) => line.msg)).toEqual(expect.arrayContaining(['test checkout paid', 'test checkout cancelled']));
    expect(logged.filter((line) => line.level >= 40)).toEqual([]);
  });
});
