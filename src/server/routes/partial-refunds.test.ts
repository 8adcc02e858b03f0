import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderDetailSchema, type AdminOrderDetail } from '../../shared/orders';
import { createOrderService } from '../orders/order-lifecycle';
import { createTestPaymentProvider } from '../payments/test-provider';
import { createProductRepository, type ProductRecord, type ProductRepository } from '../products/product-repository';
import { signedInAs } from '../../../tests/support/auth';
import { productFields } from '../../../tests/support/product-fields';
import { allMailSent, orderIdOf, payTestCheckout, postCheckout, sessionIdOf, startCheckout } from '../../../tests/support/shop';
import { readableMail, receivedBy, startSmtpSink, subjectOf } from '../../../tests/support/smtp-sink';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

// Refunds after shipping and partial refunds (issue 33, decision 192), with the test provider:
// amounts from the order's own prices, stock back for what comes back, refunded units and money
// recorded, the buyer e-mailed once per refund, and every refund that cannot be made refused
// with nothing changed. PGlite, or PostgreSQL with TEST_DATABASE_URL.

describe('partial refunds and refunds after shipping', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  let repo: ProductRepository;
  let tee: ProductRecord;
  let poster: ProductRecord;
  let admin: Awaited<ReturnType<typeof signedInAs>>;
  let shoppers = 0;

  const stockOf = async (id: string) => (await repo.getById(id))?.stock;
  const mailsTo = (email: string) => receivedBy(smtp.messages, email);
  const subjects = (email: string) => mailsTo(email).map((mail) => subjectOf(mail.raw));
  const allSent = () => allMailSent(t);

  /** Paid: 2 Classic Tees (M) at $25.00 and a poster at $12.00; free delivery, tax $6.67, total $68.67. */
  async function paidOrder(email: string): Promise<string> {
    const { sessionId, orderId } = await startCheckout(
      t,
      [
        { product: { id: tee.id }, quantity: 2, selectedShirtSize: 'M' },
        { product: { id: poster.id }, quantity: 1 },
      ],
      `198.51.100.${(shoppers += 1)}`,
    );
    expect((await payTestCheckout(t, sessionId, { email })).statusCode).toBe(303);
    return orderId;
  }
  const refund = (orderId: string, body: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: admin.headers, payload: body });
  const ship = (orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/ship`, headers: admin.headers, payload: { trackingNumber: '1Z42' } });
  const detail = async (orderId: string): Promise<AdminOrderDetail> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return AdminOrderDetailSchema.parse(response.json());
  };
  const refundedUnits = (order: AdminOrderDetail) => order.items.map((item) => item.refundedQuantity);

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'MINGO shop <shop@mingo.test>', ORDER_SWEEP_SECONDS: '0' });
    repo = createProductRepository(t.database.db);
    tee = await repo.create(productFields('PR-TEE', { name: 'Classic Tee', priceCents: 2500, stock: 100, shirtSizes: ['M'] }));
    poster = await repo.create(productFields('PR-POSTER', { name: 'Reel Poster', priceCents: 1200, stock: 100 }));
    admin = await signedInAs(t, 'admin', { name: 'Ann Admin' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refunds one unit of a paid order: its price and tax share, its stock back, the order stays paid and can still ship', async () => {
    const email = 'partial@example.com';
    const orderId = await paidOrder(email);
    const stock = [await stockOf(tee.id), await stockOf(poster.id)];

    const response = await refund(orderId, { lines: [{ line: 1, quantity: 1 }] });
    expect(response.statusCode, response.body).toBe(200);
    const order = AdminOrderDetailSchema.parse(response.json());
    expect(order.status).toBe('paid');
    expect(order.refunded).toBe(27.69); // $25.00 + 6.67 × 25 / 62 = $2.69
    expect(refundedUnits(order)).toEqual([1, 0]);
    expect(order.refundReference).toMatch(/^test_re_[0-9a-f]{32}_1$/);
    expect(order.refundedAt).toBeNull();
    const last = order.timeline.at(-1);
    expect([last?.from, last?.to, last?.actorKind]).toEqual(['paid', 'paid', 'user']);
    expect(last?.note).toMatch(/^partial refund test_re_\w+: 1 × Classic Tee \(Size M\), \$27\.69$/);
    expect([await stockOf(tee.id), await stockOf(poster.id)]).toEqual([(stock[0] ?? 0) + 1, stock[1]]);

    // The rest is still to be sent.
    expect((await ship(orderId)).statusCode).toBe(200);
    await allSent();
    expect(subjects(email)).toEqual([
      expect.stringMatching(/^Your MINGO receipt for order #/),
      expect.stringMatching(/^Part of your MINGO order #[0-9A-F]{8} was refunded$/),
      expect.stringMatching(/has shipped$/),
    ]);
    const notice = readableMail(mailsTo(email)[1]?.raw ?? '');
    for (const text of [
      'We refunded $27.69 to your original payment method for the items below.',
      '1 × Classic Tee (Size M)  $25.00',
      'Items: $25.00',
      'Tax: $2.69',
      'Refunded: $27.69',
    ]) {
      expect(notice).toContain(text);
    }
    expect(notice).not.toContain('Reel Poster');
  });

  it('refunds a shipped order line by line: it stays shipped until the last units, which bring back the rest of the money', async () => {
    const email = 'shipped-refund@example.com';
    const orderId = await paidOrder(email);
    expect((await ship(orderId)).statusCode).toBe(200);
    const stock = [await stockOf(tee.id), await stockOf(poster.id)];

    const poster1 = await refund(orderId, { lines: [{ line: 2, quantity: 1 }] });
    expect(poster1.statusCode, poster1.body).toBe(200);
    expect(AdminOrderDetailSchema.parse(poster1.json())).toMatchObject({ status: 'shipped', refunded: 13.29 }); // 12.00 + 1.29
    const tees = await refund(orderId, { lines: [{ line: 1, quantity: 2 }] });
    expect(tees.statusCode, tees.body).toBe(200);
    const order = AdminOrderDetailSchema.parse(tees.json());
    // Every unit is back: the order is refunded, and its refunds add up to its total.
    expect(order).toMatchObject({ status: 'refunded', refunded: 68.67, total: 68.67 });
    expect(order.refundedAt).not.toBeNull();
    expect(refundedUnits(order)).toEqual([2, 1]);
    expect(order.timeline.map((step) => [step.from, step.to])).toEqual([
      [null, 'pending'],
      ['pending', 'paid'],
      ['paid', 'shipped'],
      ['shipped', 'shipped'],
      ['shipped', 'refunded'],
    ]);
    expect(order.timeline.at(-1)?.note).toMatch(/^refund test_re_\w+_2: 2 × Classic Tee \(Size M\), \$55\.38$/);
    expect([await stockOf(tee.id), await stockOf(poster.id)]).toEqual([(stock[0] ?? 0) + 2, (stock[1] ?? 0) + 1]);

    await allSent();
    expect(subjects(email).slice(2)).toEqual([
      expect.stringMatching(/^Part of your MINGO order #[0-9A-F]{8} was refunded$/),
      expect.stringMatching(/^Your MINGO order #[0-9A-F]{8} was refunded$/),
    ]);
    expect(readableMail(mailsTo(email)[3]?.raw ?? '')).toContain('We refunded $55.38 to your original payment method.');
    expect((await refund(orderId)).statusCode).toBe(409);
  });

  it('refuses refunding the same units twice, more than were bought, or lines the order does not have, changing nothing', async () => {
    const orderId = await paidOrder('refused@example.com');
    expect((await refund(orderId, { lines: [{ line: 1, quantity: 2 }] })).statusCode).toBe(200);
    await allSent();
    const before = await detail(orderId);
    const stock = [await stockOf(tee.id), await stockOf(poster.id)];
    const mails = smtp.messages.length;
    const cases: [object, string][] = [
      [{ lines: [{ line: 1, quantity: 1 }] }, 'Line 1 (Classic Tee): all 2 were refunded already.'],
      [{ lines: [{ line: 2, quantity: 2 }] }, 'Line 2 (Reel Poster): 2 to refund, but only 1 bought.'],
      [{ lines: [{ line: 3, quantity: 1 }] }, 'Line 3: this order has 2 lines.'],
      [
        {
          lines: [
            { line: 2, quantity: 1 },
            { line: 2, quantity: 1 },
          ],
        },
        'Line 2 (Reel Poster) is named twice: name each line once.',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await refund(orderId, body);
      expect(response.statusCode, message).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'conflict', message } });
    }
    for (const body of [{ lines: [] }, { lines: [{ line: 1, quantity: 0 }] }, { lines: [{ line: 1, quantity: 1 }], amount: 1 }]) {
      expect((await refund(orderId, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await detail(orderId)).toEqual(before);
    expect([await stockOf(tee.id), await stockOf(poster.id)]).toEqual(stock);
    await allSent();
    expect(smtp.messages).toHaveLength(mails);
  });

  it('refunds an order that never took its goods (needs refund) only whole', async () => {
    const scarce = await repo.create(productFields('PR-RARE', { name: 'Rare Print', priceCents: 3000, stock: 2 }));
    const start = () => postCheckout(t, [{ product: { id: scarce.id }, quantity: 1 }], `198.51.100.${(shoppers += 1)}`);
    const sessions = [await start(), await start()].map(sessionIdOf);
    await repo.update(scarce.id, { stock: 1 });
    for (const sessionId of sessions) await payTestCheckout(t, sessionId, { email: 'unserved@example.com' });
    const unserved = await orderIdOf(t, sessions[1] ?? '');
    expect((await detail(unserved)).status).toBe('needs_refund');
    const partly = await refund(unserved, { lines: [{ line: 1, quantity: 1 }] });
    expect(partly.statusCode).toBe(200); // its only line, whole: that is the whole order
    expect(AdminOrderDetailSchema.parse(partly.json())).toMatchObject({ status: 'refunded' });
    expect(await stockOf(scarce.id)).toBe(0);
  });

  it('asks the provider for exactly the amount, with one idempotency key per refund; a retry of an unconfirmed refund reuses it', async () => {
    const payments = createTestPaymentProvider();
    const service = createOrderService({ db: t.database.db, payments, log: t.app.log });
    const user = { id: 'admin-1', name: 'Ann Admin', email: 'ann@mingo.test', role: 'admin' as const };
    const orderId = await paidOrder('provider@example.com');

    await service.refund(orderId, { lines: [{ line: 2, quantity: 1 }] }, user);
    await service.refund(orderId, { lines: [{ line: 1, quantity: 1 }] }, user);
    const done = await service.refund(orderId, {}, user);
    expect(done.status).toBe('refunded');
    expect([...payments.refunds.entries()].map(([key, refund]) => [key, refund.amountCents])).toEqual([
      [`mingo-refund-${orderId}-1`, 1329],
      [`mingo-refund-${orderId}-2`, 2769],
      [`mingo-refund-${orderId}-3`, 6867 - 1329 - 2769],
    ]);

    // A whole refund at once keeps the key refunds always had (one per order).
    const whole = await paidOrder('whole@example.com');
    await service.refund(whole, {}, user);
    expect(payments.refunds.get(`mingo-refund-${whole}`)).toMatchObject({
      amountCents: 6867,
      refundId: `test_re_${whole.replace(/-/g, '')}`,
    });

    // The provider's answer is lost: the refund stays unconfirmed, the order cannot ship, another
    // refund is refused, and the same refund again finishes it with the same key.
    const lost = await paidOrder('lost@example.com');
    const flaky = createTestPaymentProvider();
    const failing = createOrderService({
      db: t.database.db,
      payments: { ...flaky, refund: () => Promise.reject(new Error('socket hang up')) },
      log: t.app.log,
    });
    await expect(failing.refund(lost, { lines: [{ line: 1, quantity: 1 }] }, user)).rejects.toMatchObject({ statusCode: 503 });
    expect((await ship(lost)).statusCode).toBe(409);
    const other = await refund(lost, { lines: [{ line: 2, quantity: 1 }] });
    expect(other.statusCode).toBe(409);
    expect(other.json<{ error: { message: string } }>().error.message).toBe(
      'A refund of 1 × Classic Tee (Size M) ($27.69) has not been confirmed by the payment provider yet. Refund those same items again to finish it before refunding anything else.',
    );
    const retried = await createOrderService({ db: t.database.db, payments: flaky, log: t.app.log }).refund(
      lost,
      { lines: [{ line: 1, quantity: 1 }] },
      user,
    );
    expect(retried).toMatchObject({ status: 'paid', refunded: 27.69 });
    expect([...flaky.refunds.keys()]).toEqual([`mingo-refund-${lost}-1`]);
    expect((await ship(lost)).statusCode).toBe(200);
  });
});
