import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AdminOrderDetailSchema,
  OrderPageSchema,
  OrderViewCountsSchema,
  OrderViewSchema,
  type AdminOrderDetail,
} from '../../shared/orders';
import { createOrderService } from '../orders/order-lifecycle';
import { createTestPaymentProvider } from '../payments/test-provider';
import { createProductRepository, type ProductRecord, type ProductRepository } from '../products/product-repository';
import { signedInAs } from '../../../tests/support/auth';
import {
  allMailSent,
  orderIdOf,
  payTestCheckout,
  postCheckout,
  sessionIdOf,
  startCheckout,
  testCheckoutAction,
  TEST_ADDRESS,
} from '../../../tests/support/shop';
import { readableMail, receivedBy, startSmtpSink, subjectOf } from '../../../tests/support/smtp-sink';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { EVENTUALLY } from '../../../tests/support/eventually';
import { productFields } from '../../../tests/support/product-fields';

// The admin's order lifecycle with the test provider (ship, refund, filter, detail, CSV) and the
// e-mails it sends, through a real SMTP server on 127.0.0.1. PGlite, or PostgreSQL with TEST_DATABASE_URL.

describe('order lifecycle for admins', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  let repo: ProductRepository;
  let tee: ProductRecord;
  let admin: Awaited<ReturnType<typeof signedInAs>>;
  let staff: Awaited<ReturnType<typeof signedInAs>>;

  const stockOf = async (id: string) => (await repo.getById(id))?.stock;
  const mailsTo = (email: string) => receivedBy(smtp.messages, email);
  const subjects = (email: string) => mailsTo(email).map((mail) => subjectOf(mail.raw));
  const allSent = () => allMailSent(t);

  const checkout = (quantity: number, productId = tee.id) =>
    startCheckout(t, [{ product: { id: productId }, quantity, selectedShirtSize: productId === tee.id ? 'M' : null }]);
  const pay = (sessionId: string, form: Record<string, string>) => payTestCheckout(t, sessionId, form);
  async function paidOrder(email: string, quantity = 2, extra: Record<string, string> = {}) {
    const order = await checkout(quantity);
    expect((await pay(order.sessionId, { email, ...extra })).statusCode).toBe(303);
    return order;
  }
  const detail = async (orderId: string): Promise<AdminOrderDetail> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return AdminOrderDetailSchema.parse(response.json());
  };
  const ship = (orderId: string, body: object = {}, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/ship`, headers, payload: body });
  const refund = (orderId: string, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers, payload: {} });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'MINGO shop <shop@mingo.test>', ORDER_SWEEP_SECONDS: '0' });
    repo = createProductRepository(t.database.db);
    tee = await repo.create(productFields('TEE', { name: 'Classic Tee', priceCents: 2500, stock: 100, shirtSizes: ['S', 'M'] }));
    admin = await signedInAs(t, 'admin', { name: 'Ann Admin' });
    staff = await signedInAs(t, 'staff');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends one receipt by SMTP when an order is paid, with items, totals and the shipping address', async () => {
    const email = 'receipt@example.com';
    const { sessionId } = await paidOrder(email);
    // The shopper presses Pay again (back button): no second receipt.
    expect((await pay(sessionId, { email })).statusCode).toBe(303);
    await allSent();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = readableMail(mails[0]?.raw ?? '');
    expect(mails[0]?.from).toBe('shop@mingo.test');
    expect(mail).toMatch(/^Subject: Your MINGO receipt for order #[0-9A-F]{8}$/m);
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    for (const text of ['2 × Classic Tee (Size M)', '$50.00', 'Total: $', 'Ada Fan', '1 Main St', 'Springfield, IL, 62701']) {
      expect(mail).toContain(text);
    }
  });

  it('marks a paid order shipped with carrier and tracking, once, and e-mails the tracking number', async () => {
    const email = 'ship@example.com';
    const { orderId } = await paidOrder(email);
    expect((await ship(orderId, { carrier: 'UPS', trackingNumber: '1Z999' }, staff.headers)).statusCode).toBe(403);
    const shipped = await ship(orderId, { carrier: 'UPS', trackingNumber: '1Z999' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const order = AdminOrderDetailSchema.parse(shipped.json());
    expect(order).toMatchObject({ status: 'shipped', shippingCarrier: 'UPS', trackingNumber: '1Z999' });
    expect(order.shippedAt).not.toBeNull();
    expect(order.timeline.map((step) => [step.from, step.to, step.actorKind])).toEqual([
      [null, 'pending', 'shopper'],
      ['pending', 'paid', 'provider'],
      ['paid', 'shipped', 'user'],
    ]);
    expect(order.timeline[2]?.actorName).toContain('Ann Admin');

    const again = await ship(orderId, { trackingNumber: 'OTHER' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'conflict', message: 'This order is shipped; only paid orders can be marked shipped.' },
    });
    // A shipped order can still be refunded when its goods come back: partial-refunds.test.ts.

    await allSent();
    expect(subjects(email)).toEqual([expect.stringContaining('receipt'), expect.stringMatching(/has shipped$/)]);
    expect(readableMail(mailsTo(email)[1]?.raw ?? '')).toContain('Tracking number: 1Z999 (UPS)');
  });

  it('refuses to ship or refund a pending order, and validates the input', async () => {
    const { orderId } = await checkout(1);
    expect((await ship(orderId)).statusCode).toBe(409);
    const pendingRefund = await refund(orderId);
    expect(pendingRefund.statusCode).toBe(409);
    expect(pendingRefund.json<{ error: { message: string } }>().error.message).toBe(
      'This order is pending; only paid, shipped or needs refund orders can be refunded.',
    );
    expect((await ship(orderId, { trackingNumber: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await ship(orderId, { color: 'red' })).statusCode).toBe(400);
    expect((await ship('not-a-uuid')).statusCode).toBe(400);
    expect((await ship('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await detail(orderId)).status).toBe('pending');
  });

  it('refuses to ship a needs_refund, refunded, cancelled or expired order, and to refund a cancelled or expired one, changing nothing', async () => {
    // Both sessions hold a print; then one is found damaged, and the later payment cannot be served.
    const last = await repo.create(productFields('LAST', { name: 'Last Print', stock: 2 }));
    const winner = await checkout(1, last.id);
    const late = await checkout(1, last.id);
    await repo.update(last.id, { stock: 1 });
    expect((await pay(winner.sessionId, { email: 'winner@example.com' })).statusCode).toBe(303);
    expect((await pay(late.sessionId, { email: 'late@example.com' })).statusCode).toBe(303);
    const refunded = await paidOrder('refunded-once@example.com', 1);
    expect((await refund(refunded.orderId)).statusCode).toBe(200);
    const cancelled = await checkout(1);
    const cancel = await testCheckoutAction(t, cancelled.sessionId, 'cancel');
    expect(cancel.statusCode).toBe(303);
    const expired = await checkout(1);
    const now = new Date();
    await t.database.db
      .updateTable('orders')
      .set({ created_at: new Date(now.getTime() - 25 * 3600_000) })
      .where('id', '=', expired.orderId)
      .execute();
    const sweep = createOrderService({
      db: t.database.db,
      payments: createTestPaymentProvider(),
      log: t.app.log,
    });
    await sweep.expireStale(now);

    const refusals = [
      [ship, late.orderId, 'This order is needs refund; only paid orders can be marked shipped.'],
      [ship, refunded.orderId, 'This order is refunded; only paid orders can be marked shipped.'],
      [ship, cancelled.orderId, 'This order is cancelled; only paid orders can be marked shipped.'],
      [ship, expired.orderId, 'This order is expired; only paid orders can be marked shipped.'],
      [refund, cancelled.orderId, 'This order is cancelled; only paid, shipped or needs refund orders can be refunded.'],
      [refund, expired.orderId, 'This order is expired; only paid, shipped or needs refund orders can be refunded.'],
    ] as const;
    await allSent();
    const mails = smtp.messages.length;
    const stock = [await stockOf(tee.id), await stockOf(last.id)];
    for (const [action, orderId, message] of refusals) {
      const before = await detail(orderId);
      const response = await action(orderId);
      expect(response.statusCode, message).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'conflict', message } });
      expect(await detail(orderId)).toEqual(before);
    }
    await allSent();
    expect(smtp.messages).toHaveLength(mails);
    expect([await stockOf(tee.id), await stockOf(last.id)]).toEqual(stock);
  });

  // PGlite runs one transaction at a time: there this checks the status re-check inside the
  // transaction; the row lock, which makes it hold under real concurrency, only on PostgreSQL.
  it('refunds a paid order exactly once under concurrent requests: stock back once, one refund notice (PostgreSQL: real concurrency)', async () => {
    const email = 'refund@example.com';
    const before = await stockOf(tee.id);
    const { orderId } = await paidOrder(email, 3);
    expect(await stockOf(tee.id)).toBe((before ?? 0) - 3);

    const responses = await Promise.all(Array.from({ length: 5 }, () => refund(orderId)));
    const codes = responses.map((response) => response.statusCode);
    expect(
      codes.every((code) => code === 200 || code === 409),
      codes.join(','),
    ).toBe(true);
    expect(codes).toContain(200);

    expect(await stockOf(tee.id)).toBe(before);
    const order = await detail(orderId);
    expect(order.status).toBe('refunded');
    expect(order.refundReference).toMatch(/^test_re_/);
    expect(order.timeline.filter((step) => step.to === 'refunded')).toHaveLength(1);
    await allSent();
    expect(subjects(email).filter((subject) => subject.endsWith('was refunded'))).toHaveLength(1);
    expect((await refund(orderId)).statusCode).toBe(409);
  });

  it('refunds a needs_refund order without touching stock (it never took any)', async () => {
    // Both sessions hold a print; then an admin corrects the stock to one.
    const scarce = await repo.create(productFields('RARE', { name: 'Rare Print', stock: 2 }));
    const first = await checkout(1, scarce.id);
    const second = await checkout(1, scarce.id);
    await repo.update(scarce.id, { stock: 1 });
    expect((await pay(first.sessionId, { email: 'first@example.com' })).statusCode).toBe(303);
    expect((await pay(second.sessionId, { email: 'second@example.com' })).statusCode).toBe(303);
    expect((await detail(second.orderId)).status).toBe('needs_refund');
    expect(await stockOf(scarce.id)).toBe(0);
    // The unserved session's reservation went back: nothing is held any more.
    expect((await repo.getById(scarce.id))?.reservedStock).toBe(0);
    // needs_refund gets no receipt: the goods cannot be sent.
    await allSent();
    expect(mailsTo('second@example.com')).toHaveLength(0);

    expect((await refund(second.orderId)).statusCode).toBe(200);
    expect((await detail(second.orderId)).status).toBe('refunded');
    expect(await stockOf(scarce.id)).toBe(0);
    await allSent();
    expect(subjects('second@example.com')).toEqual([expect.stringMatching(/was refunded$/)]);
  });

  it('filters the list by status and exports the filtered orders as CSV with formulas neutralised', async () => {
    const { orderId } = await paidOrder('csv@example.com', 1, {
      name: '=HYPERLINK("http://evil","x")',
      line1: '+1 Main, St',
      city: '@City',
    });
    const paid = await t.app.inject({ method: 'GET', url: '/api/orders?status=paid', headers: admin.headers });
    expect(paid.statusCode).toBe(200);
    const page = OrderPageSchema.parse(paid.json());
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((order) => order.status === 'paid')).toBe(true);
    expect(page.items.map((order) => order.id)).toContain(orderId);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders?status=lost', headers: admin.headers })).statusCode).toBe(400);

    const csv = await t.app.inject({ method: 'GET', url: '/api/orders/export.csv?status=paid', headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="mingo-orders-paid.csv"');
    const records = csv.body.split('\r\n');
    expect(records[0]).toMatch(/^order_id,created_at,status,email,ship_name,/);
    expect(records.at(-1)).toBe('');
    const row = records.find((record) => record.startsWith(orderId)) ?? '';
    expect(row).toContain(`,paid,csv@example.com,"'=HYPERLINK(""http://evil"",""x"")","'+1 Main, St",,'@City,`);
    expect(records.slice(1, -1).every((record) => record.split(',')[2] === 'paid')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/export.csv', headers: staff.headers })).statusCode).toBe(403);
  });

  it('lists by view: what needs action (paid, needs refund) apart from abandoned checkouts, and a view narrowed by a status', async () => {
    const paid = await paidOrder('view-paid@example.com', 1);
    const abandoned = await checkout(1);
    const shipped = await paidOrder('view-shipped@example.com', 1);
    expect((await ship(shipped.orderId)).statusCode).toBe(200);
    const list = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: admin.headers });
      expect(response.statusCode, response.body).toBe(200);
      return OrderPageSchema.parse(response.json());
    };
    const ids = async (query: string) => (await list(query)).items.map((order) => order.id);

    const needsAction = await list('view=needs_action');
    expect(needsAction.items.every((order) => order.status === 'paid' || order.status === 'needs_refund')).toBe(true);
    expect(needsAction.items.map((order) => order.id)).toContain(paid.orderId);
    expect(needsAction.items.map((order) => order.id)).not.toContain(abandoned.orderId);
    expect(await ids('view=pending')).toContain(abandoned.orderId);
    expect(await ids('view=pending')).not.toContain(paid.orderId);
    expect(await ids('view=shipped')).toEqual(expect.arrayContaining([shipped.orderId]));
    expect(await ids('view=all')).toEqual(expect.arrayContaining([paid.orderId, abandoned.orderId, shipped.orderId]));
    // A status outside the view: nothing (not an error); inside it: that status only.
    expect(await list('view=pending&status=paid')).toMatchObject({ items: [], total: 0 });
    expect(await ids('view=needs_action&status=paid')).toContain(paid.orderId);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders?view=lost', headers: admin.headers })).statusCode).toBe(400);

    const csv = await t.app.inject({ method: 'GET', url: '/api/orders/export.csv?view=pending', headers: admin.headers });
    expect(csv.headers['content-disposition']).toBe('attachment; filename="mingo-orders-pending.csv"');
    const records = csv.body.split('\r\n').slice(1, -1);
    expect(records.some((record) => record.startsWith(abandoned.orderId))).toBe(true);
    expect(records.every((record) => record.split(',')[2] === 'pending')).toBe(true);
  });

  it('counts the orders of each view, as many as each view lists, and the counts follow a shipment', async () => {
    const counts = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/orders/counts', headers: admin.headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      return OrderViewCountsSchema.parse(response.json());
    };
    const totals = async () => {
      const entries = await Promise.all(
        OrderViewSchema.options.map(async (view) => {
          const response = await t.app.inject({ method: 'GET', url: `/api/orders?view=${view}`, headers: admin.headers });
          return [view, OrderPageSchema.parse(response.json()).total] as const;
        }),
      );
      return Object.fromEntries(entries);
    };
    const paid = await paidOrder('count-paid@example.com', 1);
    await checkout(1);
    const before = await counts();
    expect(before).toEqual(await totals());
    expect(before.needs_action).toBeGreaterThan(0);
    expect(before.pending).toBeGreaterThan(0);
    expect(before.all).toBe(before.needs_action + before.pending + before.shipped + before.refunded + before.closed);

    expect((await ship(paid.orderId)).statusCode).toBe(200);
    const after = await counts();
    expect(after).toEqual({ ...before, needs_action: before.needs_action - 1, shipped: before.shipped + 1 });

    expect((await t.app.inject({ method: 'GET', url: '/api/orders/counts', headers: staff.headers })).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/orders/counts' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });

  it('/success shows the ship-to address and the masked receipt e-mail for 24 hours after payment, then neither', async () => {
    const { sessionId, orderId } = await paidOrder('receipt.reader@example.com', 1);
    const bySession = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/orders/by-session/${sessionId}` });
      expect(response.statusCode, response.body).toBe(200);
      return { raw: response.json<Record<string, unknown>>(), text: response.body };
    };
    const fresh = await bySession();
    expect(fresh.raw.receiptEmail).toBe('r•••@example.com');
    expect(fresh.raw.shipTo).toEqual({ ...TEST_ADDRESS, line2: null });
    // Asserted on the raw JSON: the full address never leaves, under any field.
    expect(fresh.text).not.toContain('receipt.reader');
    expect(fresh.raw).not.toHaveProperty('customerEmail');

    const aged = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await t.database.db.updateTable('orders').set({ paid_at: aged, created_at: aged }).where('id', '=', orderId).execute();
    const old = await bySession();
    expect(old.raw).not.toHaveProperty('shipTo');
    expect(old.raw).not.toHaveProperty('receiptEmail');
    expect(old.text).not.toContain('Main St');
    expect(old.raw.status).toBe('paid');
  });

  it('streams the CSV export batch by batch: every order once, newest first, even when several share a creation time', async () => {
    const tied: string[] = [];
    for (let n = 0; n < 5; n += 1) tied.push((await checkout(1)).orderId);
    // The same millisecond for five orders, newest of all: batches of two must neither skip nor repeat one.
    await t.database.db
      .updateTable('orders')
      .set({ created_at: new Date('2099-01-01T00:00:00.000Z') })
      .where('id', 'in', tied)
      .execute();
    const service = createOrderService({
      db: t.database.db,
      payments: createTestPaymentProvider(),
      log: t.app.log,
    });

    const chunks: string[] = [];
    for await (const chunk of service.exportCsv({}, 2)) chunks.push(chunk);
    const records = chunks.join('').split('\r\n');
    expect(records[0]).toMatch(/^order_id,created_at,status,/);
    const exported = records.slice(1, -1).map((record) => record.slice(0, 36));
    const all = await t.database.db.selectFrom('orders').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    expect(exported).toEqual(all.map((row) => row.id));
    expect(exported.slice(0, 5).sort()).toEqual([...tied].sort());
    expect(chunks).toHaveLength(1 + Math.ceil(all.length / 2));
  });
});

describe('the pending-order expiry sweep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ORDER_SWEEP_SECONDS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts with the app, runs every ORDER_SWEEP_SECONDS, and stops when the app closes', async () => {
    // Only the interval timer is faked: the database, HTTP and mail keep their real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // The periods asked for are recorded by a wrapper that is put back only while it is still
    // there: a spy's mockRestore() put the fake back unconditionally, so a test that outlived its
    // file (after a timeout) would leave it for the next file (tests/support/real-timers.ts).
    const fakeSetInterval = globalThis.setInterval;
    const periods: unknown[] = [];
    const recording = ((...args: Parameters<typeof setInterval>) => {
      periods.push(args[1]);
      return fakeSetInterval(...args);
    }) as typeof setInterval;
    globalThis.setInterval = recording;
    try {
      // 77 s: no other periodic task of the app (the media sweep runs every 60 s) uses it.
      const running = await createTestApp({ ORDER_SWEEP_SECONDS: '77' });
      try {
        expect(periods.filter((ms) => ms === 77_000)).toHaveLength(1);
        const product = await createProductRepository(running.database.db).create(productFields('TIMER', { stock: 5 }));
        const response = await postCheckout(running, [{ product: { id: product.id }, quantity: 1 }]);
        const sessionId = sessionIdOf(response);
        const orders = running.database.db.selectFrom('orders').select('status').where('provider_session_id', '=', sessionId);
        await running.database.db
          .updateTable('orders')
          .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
          .where('provider_session_id', '=', sessionId)
          .execute();

        vi.advanceTimersByTime(76_000);
        expect((await orders.executeTakeFirstOrThrow()).status).toBe('pending');
        vi.advanceTimersByTime(1_000);
        await vi.waitFor(async () => expect((await orders.executeTakeFirstOrThrow()).status).toBe('expired'), EVENTUALLY);
      } finally {
        await running.close();
      }
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      if (globalThis.setInterval === recording) globalThis.setInterval = fakeSetInterval;
      vi.useRealTimers();
    }
  });

  it('expires pending orders older than 24 hours (test mode too), records it, and leaves others alone', async () => {
    const product = await createProductRepository(t.database.db).create(productFields('SWEEP', { stock: 5 }));
    const start = async () => orderIdOf(t, sessionIdOf(await postCheckout(t, [{ product: { id: product.id }, quantity: 1 }])));
    const stale = await start();
    const fresh = await start();
    const now = new Date();
    await t.database.db
      .updateTable('orders')
      .set({ created_at: new Date(now.getTime() - 24 * 3600_000 - 1000) })
      .where('id', '=', stale)
      .execute();
    const service = createOrderService({
      db: t.database.db,
      payments: createTestPaymentProvider(),
      log: t.app.log,
    });

    expect(await service.expireStale(now)).toBe(1);
    expect(await service.expireStale(now)).toBe(0);
    expect((await service.detail(stale)).status).toBe('expired');
    expect((await service.detail(stale)).timeline.at(-1)).toMatchObject({ from: 'pending', to: 'expired', actorKind: 'system' });
    expect((await service.detail(fresh)).status).toBe('pending');
    // The shop does not reserve stock at checkout (decision 050), so nothing is released.
    expect((await createProductRepository(t.database.db).getById(product.id))?.stock).toBe(5);
  });
});
