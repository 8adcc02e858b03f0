import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutLimitsSchema } from '../../shared/orders';
import { createProductRepository, type ProductRecord, type ProductRepository } from '../products/product-repository';
import { postCheckout, startCheckout, testCheckoutAction, payTestCheckout } from '../../../tests/support/shop';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { productFields } from '../../../tests/support/product-fields';

// No hoarding (issue 33, decision 192): MAX_UNITS_PER_ORDER caps a line and an order, and
// MAX_HELD_UNITS_PER_ADDRESS the units one client address holds in open checkout sessions. On
// PGlite one transaction runs at a time; with TEST_DATABASE_URL the checkouts of one address
// really race, and the address's lock must keep them under the cap.

const heldMessage = (held: number) =>
  `Your open checkouts already hold ${held} items, and one address may hold at most 20 at once. ` +
  'Finish or cancel those checkouts first, or wait until they expire (31 minutes).';

describe('checkout caps (defaults: 10 units an order, 20 held per address)', () => {
  let t: TestApp;
  let repo: ProductRepository;
  let poster: ProductRecord;
  let mug: ProductRecord;
  let addresses = 0;
  /** A client address no other test of this file uses. */
  const freshAddress = () => `203.0.113.${(addresses += 1)}`;

  const checkout = (lines: { productId: string; quantity: number }[], remoteAddress: string) =>
    postCheckout(
      t,
      lines.map((line) => ({ product: { id: line.productId }, quantity: line.quantity })),
      remoteAddress,
    );
  const session = (quantity: number, remoteAddress: string) => startCheckout(t, [{ product: { id: poster.id }, quantity }], remoteAddress);
  const testCheckout = (sessionId: string, action: 'pay' | 'cancel') =>
    action === 'pay' ? payTestCheckout(t, sessionId, { email: 'fan@example.com' }) : testCheckoutAction(t, sessionId, 'cancel');
  const reservedOf = async (id: string) => (await repo.getById(id))?.reservedStock;

  beforeAll(async () => {
    t = await createTestApp({ ORDER_SWEEP_SECONDS: '0' });
    repo = createProductRepository(t.database.db);
    poster = await repo.create(productFields('CAP-POSTER', { name: 'Cap Poster', stock: 500 }));
    mug = await repo.create(productFields('CAP-MUG', { name: 'Cap Mug', stock: 500 }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the cart the caps', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/checkout/limits' });
    expect(response.statusCode).toBe(200);
    expect(CheckoutLimitsSchema.parse(response.json())).toEqual({ maxUnitsPerOrder: 10, maxHeldUnitsPerAddress: 20 });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('refuses a line, or lines together, above 10 units, before anything is held', async () => {
    const address = freshAddress();
    const cases: [{ productId: string; quantity: number }[], string][] = [
      [[{ productId: poster.id, quantity: 500 }], 'Line 1: quantity 500 is more than the 10 one order may hold.'],
      [[{ productId: poster.id, quantity: 11 }], 'Line 1: quantity 11 is more than the 10 one order may hold.'],
      [
        [
          { productId: poster.id, quantity: 6 },
          { productId: mug.id, quantity: 5 },
        ],
        'The cart holds 11 items; one order may hold at most 10.',
      ],
    ];
    for (const [lines, message] of cases) {
      const response = await checkout(lines, address);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'validation_failed', message } });
    }
    expect([await reservedOf(poster.id), await reservedOf(mug.id)]).toEqual([0, 0]);
    const orders = await t.database.db.selectFrom('orders').select('id').where('checkout_address', '=', address).execute();
    expect(orders).toEqual([]);

    const fine = await checkout(
      [
        { productId: poster.id, quantity: 6 },
        { productId: mug.id, quantity: 4 },
      ],
      address,
    );
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('caps what one address holds in open checkouts at 20 units; other addresses are not affected', async () => {
    const address = freshAddress();
    const reserved = (await reservedOf(poster.id)) ?? 0;
    await session(10, address);
    await session(10, address);
    const refused = await checkout([{ productId: poster.id, quantity: 1 }], address);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: { code: 'conflict', message: heldMessage(20) } });
    expect(await reservedOf(poster.id)).toBe(reserved + 20);

    // Someone else still gets their posters.
    await session(10, freshAddress());
    expect(await reservedOf(poster.id)).toBe(reserved + 30);
  });

  it('counts only open checkouts: a paid, cancelled or lapsed one frees its units for the address', async () => {
    const address = freshAddress();
    const paid = await session(8, address);
    const cancelled = await session(8, address);
    const lapsed = await session(4, address);
    expect((await checkout([{ productId: poster.id, quantity: 1 }], address)).json()).toEqual({
      error: { code: 'conflict', message: heldMessage(20) },
    });

    expect((await testCheckout(paid.sessionId, 'pay')).statusCode).toBe(303);
    expect((await testCheckout(cancelled.sessionId, 'cancel')).statusCode).toBe(303);
    // The address is kept only while the order holds its checkout.
    const rows = await t.database.db
      .selectFrom('orders')
      .select(['id', 'status', 'checkout_address'])
      .where('id', 'in', [paid.orderId, cancelled.orderId, lapsed.orderId])
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, [row.status, row.checkout_address]]))).toEqual({
      [paid.orderId]: ['paid', null],
      [cancelled.orderId]: ['cancelled', null],
      [lapsed.orderId]: ['pending', address],
    });

    // 4 held: 10 more are fine, then 7 more would make 21.
    await session(10, address);
    expect((await checkout([{ productId: poster.id, quantity: 7 }], address)).json()).toEqual({
      error: { code: 'conflict', message: heldMessage(14) },
    });
    // A session that can no longer be paid holds nothing of the address's share (the sweep
    // releases its stock a little later).
    await t.database.db
      .updateTable('orders')
      .set({ reserved_until: new Date(Date.now() - 1000) })
      .where('id', '=', lapsed.orderId)
      .execute();
    const again = await checkout([{ productId: poster.id, quantity: 6 }], address);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('keeps concurrent checkouts of one address under the cap (PostgreSQL: real concurrency)', async () => {
    const address = freshAddress();
    const responses = await Promise.all(Array.from({ length: 5 }, () => checkout([{ productId: poster.id, quantity: 6 }], address)));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: { code: 'conflict', message: heldMessage(18) } });
    }
    const held = await t.database.db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select((eb) => eb.fn.sum<number | string>('order_items.quantity').as('units'))
      .where('orders.checkout_address', '=', address)
      .where('orders.status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(Number(held.units)).toBe(18);
  });
});

describe('checkout caps from the configuration', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ MAX_UNITS_PER_ORDER: '3', MAX_HELD_UNITS_PER_ADDRESS: '5', ORDER_SWEEP_SECONDS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('applies MAX_UNITS_PER_ORDER and MAX_HELD_UNITS_PER_ADDRESS', async () => {
    const product = await createProductRepository(t.database.db).create(productFields('CFG', { stock: 50 }));
    const checkout = (quantity: number) => postCheckout(t, [{ product: { id: product.id }, quantity }], '192.0.2.10');
    expect((await t.app.inject({ method: 'GET', url: '/api/checkout/limits' })).json()).toEqual({
      maxUnitsPerOrder: 3,
      maxHeldUnitsPerAddress: 5,
    });
    expect((await checkout(4)).json()).toEqual({
      error: { code: 'validation_failed', message: 'Line 1: quantity 4 is more than the 3 one order may hold.' },
    });
    expect((await checkout(3)).statusCode).toBe(200);
    expect((await checkout(2)).statusCode).toBe(200);
    expect((await checkout(1)).json()).toEqual({
      error: {
        code: 'conflict',
        message:
          'Your open checkouts already hold 5 items, and one address may hold at most 5 at once. ' +
          'Finish or cancel those checkouts first, or wait until they expire (31 minutes).',
      },
    });
  });
});
