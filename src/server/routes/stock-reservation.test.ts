import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProductSchema } from '../../shared/products';
import { applyPaymentEvent } from '../orders/fulfilment';
import { createOrderService, type OrderService } from '../orders/order-lifecycle';
import { createTestPaymentProvider } from '../payments/test-provider';
import { createProductRepository, type ProductRepository } from '../products/product-repository';
import { payTestCheckout, postCheckout, sessionIdOf, startCheckout, testCheckoutAction } from '../../../tests/support/shop';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { EVENTUALLY } from '../../../tests/support/eventually';
import { productFields } from '../../../tests/support/product-fields';

// Reserved stock (decision 171): a checkout session holds its units from its creation until it is
// paid, cancelled or expired. On PGlite one transaction runs at a time; with TEST_DATABASE_URL
// the twenty checkouts really race for the product's row lock.

describe('reserved stock', () => {
  let t: TestApp;
  let repo: ProductRepository;
  let service: OrderService;
  let shoppers = 0;

  /** Each checkout from its own address, as from different shoppers (the per-address limit is not under test). */
  const shopper = () => `198.51.100.${(shoppers += 1) % 250}`;
  const checkout = (productId: string, quantity = 1) => postCheckout(t, [{ product: { id: productId }, quantity }], shopper());
  const session = (productId: string, quantity = 1) => startCheckout(t, [{ product: { id: productId }, quantity }], shopper());
  const testCheckout = (sessionId: string, action: 'pay' | 'cancel' | '') =>
    action === ''
      ? t.app.inject({ method: 'GET', url: `/checkout/test/${sessionId}` })
      : action === 'pay'
        ? payTestCheckout(t, sessionId, { email: 'fan@example.com' })
        : testCheckoutAction(t, sessionId, 'cancel');
  const statusOf = async (orderId: string) =>
    (await t.database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
  const stockOf = async (id: string) => {
    const product = await repo.getById(id);
    return { stock: product?.stock, reservedStock: product?.reservedStock };
  };
  const offered = async (id: string) =>
    ProductSchema.parse((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json()).quantityInStock;
  /**
   * What the shop offers once a write's notice has reached the public cache: an answer cached
   * before the write is dropped when PostgreSQL delivers the notice, after the commit.
   */
  const offeredAfterWrite = async (id: string, quantity: number) =>
    vi.waitFor(async () => expect(await offered(id)).toBe(quantity), EVENTUALLY);
  /** Moves an order's session end into the past, as if `minutes` had gone by since it ended. */
  const endedAgo = (orderId: string, minutes: number) =>
    t.database.db
      .updateTable('orders')
      .set({ reserved_until: new Date(Date.now() - minutes * 60_000) })
      .where('id', '=', orderId)
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    repo = createProductRepository(t.database.db);
    service = createOrderService({
      db: t.database.db,
      payments: createTestPaymentProvider(),
      log: t.app.log,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('of twenty concurrent checkouts of the last item, creates one session and refuses nineteen before payment', async () => {
    const last = await repo.create(productFields('LAST-ONE', { name: 'Last One', stock: 1 }));
    const ordersBefore = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const responses = await Promise.all(Array.from({ length: 20 }, () => checkout(last.id)));
    const created = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'conflict', message: 'Line 1 (Last One): this product is sold out.' } });
    }
    // One pending order, holding the one unit; the shop offers none.
    const ordersAfter = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(ordersAfter.n) - Number(ordersBefore.n)).toBe(1);
    expect(await stockOf(last.id)).toEqual({ stock: 1, reservedStock: 1 });
    expect(await offered(last.id)).toBe(0);

    // The one session pays: its reservation becomes the sale, once.
    const sessionId = created[0] === undefined ? '' : sessionIdOf(created[0]);
    expect((await testCheckout(sessionId, 'pay')).statusCode).toBe(303);
    expect((await testCheckout(sessionId, 'pay')).statusCode).toBe(303);
    expect(await stockOf(last.id)).toEqual({ stock: 0, reservedStock: 0 });
    const order = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('provider_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
  });

  it('shows the shopper what is left, and gives a cancelled session its stock back', async () => {
    const tote = await repo.create(productFields('TOTE', { name: 'Tote', stock: 3 }));
    const first = await session(tote.id, 2);
    expect(await offered(tote.id)).toBe(1);
    const tooMany = await checkout(tote.id, 2);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ error: { code: 'conflict', message: 'Line 1 (Tote): quantity 2 exceeds the 1 in stock.' } });

    expect((await testCheckout(first.sessionId, 'cancel')).statusCode).toBe(303);
    expect(await statusOf(first.orderId)).toBe('cancelled');
    expect(await stockOf(tote.id)).toEqual({ stock: 3, reservedStock: 0 });
    await offeredAfterWrite(tote.id, 3);
    // Cancelling again gives nothing back twice.
    await testCheckout(first.sessionId, 'cancel');
    expect(await stockOf(tote.id)).toEqual({ stock: 3, reservedStock: 0 });
  });

  it('keeps a session that ended within the grace, then the sweep expires it and releases its stock once', async () => {
    const pin = await repo.create(productFields('PIN', { name: 'Pin', stock: 2 }));
    const held = await session(pin.id, 2);
    await endedAgo(held.orderId, 4);
    expect(await service.expireStale(new Date())).toBe(0);
    expect(await stockOf(pin.id)).toEqual({ stock: 2, reservedStock: 2 });

    await endedAgo(held.orderId, 6);
    expect(await service.expireStale(new Date())).toBe(1);
    expect(await statusOf(held.orderId)).toBe('expired');
    expect(await stockOf(pin.id)).toEqual({ stock: 2, reservedStock: 0 });
    expect(await service.expireStale(new Date())).toBe(0);
    expect(await stockOf(pin.id)).toEqual({ stock: 2, reservedStock: 0 });
    const timeline = await t.database.db
      .selectFrom('order_events')
      .select('note')
      .where('order_id', '=', held.orderId)
      .orderBy('id')
      .execute();
    expect(timeline.map((step) => step.note)).toEqual(['checkout started', 'checkout session ended; reserved stock released']);
  });

  it('closes a test checkout once its session ended, releasing the stock, as Stripe does', async () => {
    const cap = await repo.create(productFields('CAP', { name: 'Cap', stock: 1 }));
    const held = await session(cap.id);
    await endedAgo(held.orderId, 0.01);
    const pay = await testCheckout(held.sessionId, 'pay');
    expect(pay.statusCode).toBe(409);
    expect(pay.body).toContain('This checkout was expired and can no longer be paid.');
    expect(await statusOf(held.orderId)).toBe('expired');
    expect(await stockOf(cap.id)).toEqual({ stock: 1, reservedStock: 0 });
  });

  it('fulfils a payment that arrives after its session expired if the stock is still there, otherwise flags a refund', async () => {
    const badge = await repo.create(productFields('BADGE', { name: 'Badge', stock: 1 }));
    const late = await session(badge.id);
    await endedAgo(late.orderId, 10);
    await service.expireStale(new Date());
    expect(await statusOf(late.orderId)).toBe('expired');
    const paid = (eventId: string, order: { sessionId: string; orderId: string }) =>
      applyPaymentEvent(t.database.db, {
        provider: 'test',
        eventId,
        type: 'test.checkout.paid',
        sessionId: order.sessionId,
        orderId: order.orderId,
        outcome: 'paid',
      });
    // Nobody took the badge meanwhile: the shopper gets it.
    expect(await paid('late-1', late)).toMatchObject({ kind: 'applied', from: 'expired', to: 'paid' });
    expect(await stockOf(badge.id)).toEqual({ stock: 0, reservedStock: 0 });

    // Sold to someone else meanwhile: the money goes back.
    await repo.update(badge.id, { stock: 1 });
    const lost = await session(badge.id);
    await endedAgo(lost.orderId, 10);
    await service.expireStale(new Date());
    await session(badge.id);
    expect(await paid('late-2', lost)).toMatchObject({ kind: 'applied', from: 'expired', to: 'needs_refund' });
    expect(await stockOf(badge.id)).toEqual({ stock: 1, reservedStock: 1 });
    // A repeat of the event changes nothing.
    expect(await paid('late-2', lost)).toEqual({ kind: 'duplicate' });
  });

  it('sells nothing and releases the reservation when an admin lowered the stock under an open session', async () => {
    const mug = await repo.create(productFields('MUG-R', { name: 'Mug', stock: 2 }));
    const held = await session(mug.id, 2);
    await repo.update(mug.id, { stock: 1 });
    expect(await offered(mug.id)).toBe(0);
    expect((await testCheckout(held.sessionId, 'pay')).statusCode).toBe(303);
    expect(await statusOf(held.orderId)).toBe('needs_refund');
    expect(await stockOf(mug.id)).toEqual({ stock: 1, reservedStock: 0 });
    await offeredAfterWrite(mug.id, 1);
  });

  it('never stores a negative reservation', async () => {
    const cup = await repo.create(productFields('CUP', { name: 'Cup', stock: 1 }));
    await expect(t.database.db.updateTable('products').set({ reserved_stock: -1 }).where('id', '=', cup.id).execute()).rejects.toThrow();
    // Releasing more than is held stops at zero.
    await repo.releaseReservedStock(cup.id, 5);
    expect(await stockOf(cup.id)).toEqual({ stock: 1, reservedStock: 0 });
  });
});
