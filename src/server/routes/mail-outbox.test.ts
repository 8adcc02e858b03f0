import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeadLettersSchema, OrderEmailSchema } from '../../shared/orders';
import { openPostgres, type Db } from '../db/database';
import { createMailer, type Mailer } from '../mail/mailer';
import { backoffMs, enqueueOrderEmail, startMailWorker } from '../orders/order-outbox';
import { createProductRepository, type ProductRecord } from '../products/product-repository';
import { signedInAs } from '../../../tests/support/auth';
import { startFlakySmtpServer, type FlakySmtpServer } from '../../../tests/support/flaky-smtp-server';
import {
  signStripePayload,
  startFakeStripeServer,
  stripeSessionEvent,
  type FakeStripeServer,
} from '../../../tests/support/fake-stripe-server';
import { payTestCheckout, startCheckout } from '../../../tests/support/shop';
import { subjectOf } from '../../../tests/support/smtp-sink';
import { createTestApp, createTestDatabase, type TestApp } from '../../../tests/support/test-app';
import { EVENTUALLY } from '../../../tests/support/eventually';
import { productFields } from '../../../tests/support/product-fields';

// The durable e-mail outbox (decision 172) against a real SMTP server on 127.0.0.1 that hangs,
// refuses and recovers (tests/support/flaky-smtp-server.ts): requests only queue, the mail worker
// sends in the background, retries with backoff, dead-letters after MAIL_MAX_ATTEMPTS, and an
// admin can send a dead letter again. PGlite, or PostgreSQL with TEST_DATABASE_URL.

/** Every accepted message as "recipient: subject", sorted: a duplicate shows twice. */
const deliveries = (smtp: FlakySmtpServer, recipients: string[]) =>
  smtp.messages
    .filter((mail) => mail.to.some((to) => recipients.includes(to)))
    .map((mail) => `${mail.to.join(',')}: ${subjectOf(mail.raw)}`)
    .sort();

async function outboxRows(db: Db, recipient: string) {
  return db.selectFrom('order_emails').selectAll().where('recipient', '=', recipient).orderBy('id').execute();
}

describe('the e-mail outbox with a flaky SMTP server', () => {
  let smtp: FlakySmtpServer;
  let t: TestApp;
  let tee: ProductRecord;
  let admin: Awaited<ReturnType<typeof signedInAs>>;

  async function paidOrder(email: string): Promise<string> {
    const { sessionId, orderId } = await startCheckout(t, [{ product: { id: tee.id }, quantity: 1, selectedShirtSize: 'M' }]);
    const paid = await payTestCheckout(t, sessionId, { email });
    expect(paid.statusCode, paid.body).toBe(303);
    return orderId;
  }
  const allSent = (recipients: string[]) =>
    vi.waitFor(async () => {
      const unsent = await t.database.db
        .selectFrom('order_emails')
        .select(['recipient', 'attempts', 'last_error', 'next_attempt_at', 'claimed_at'])
        .select(sql<Date>`now()`.as('db_now'))
        .where('recipient', 'in', recipients)
        .where('sent_at', 'is', null)
        .execute();
      // On failure the rows say why nothing was tried: when they are due, who holds them, both clocks.
      expect(unsent, `node now ${new Date().toISOString()}, setInterval ${String(setInterval).slice(0, 40)}`).toEqual([]);
    }, EVENTUALLY);

  beforeAll(async () => {
    smtp = await startFlakySmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'MINGO shop <shop@mingo.test>',
      ORDER_SWEEP_SECONDS: '0',
      MAIL_POLL_SECONDS: '1',
      MAIL_RETRY_SECONDS: '1',
      MAIL_MAX_ATTEMPTS: '3',
      // Longer than any test waits: a hanging server holds the worker until the test lets it go.
      SMTP_TIMEOUT_SECONDS: '120',
    });
    tee = await createProductRepository(t.database.db).create(
      productFields('TEE', { name: 'Classic Tee', priceCents: 2500, stock: 100, shirtSizes: ['M'] }),
    );
    admin = await signedInAs(t, 'admin');
  });
  afterAll(async () => {
    // Lets a held connection go, so the app's worker can finish before the database closes.
    smtp.setMode('accept');
    await t.close();
    await smtp.close();
  });

  it('answers test-pay, ship and refund while the SMTP server hangs, and delivers every e-mail once after it recovers', async () => {
    const [first, second] = ['hang-1@example.com', 'hang-2@example.com'];
    smtp.setMode('hang');
    const firstOrder = await paidOrder(first);
    // The worker is stuck in the receipt's SMTP conversation: the server has not even said hello.
    await vi.waitFor(() => expect(smtp.hanging()).toBeGreaterThanOrEqual(1), EVENTUALLY);

    const secondOrder = await paidOrder(second);
    const shipped = await t.app.inject({ method: 'POST', url: `/api/orders/${firstOrder}/ship`, headers: admin.headers, payload: {} });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const refunded = await t.app.inject({ method: 'POST', url: `/api/orders/${secondOrder}/refund`, headers: admin.headers, payload: {} });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // Every answer came while the SMTP server was still silent: no request waited for it.
    expect(smtp.hanging()).toBeGreaterThanOrEqual(1);
    expect(smtp.messages).toEqual([]);
    expect((await outboxRows(t.database.db, first)).map((row) => row.kind)).toEqual(['receipt', 'shipped']);
    expect((await outboxRows(t.database.db, second)).map((row) => row.kind)).toEqual(['receipt', 'refunded']);

    smtp.setMode('accept');
    await allSent([first, second]);
    expect(deliveries(smtp, [first, second])).toEqual([
      expect.stringMatching(/^hang-1@example\.com: Your MINGO order #[0-9A-F]{8} has shipped$/),
      expect.stringMatching(/^hang-1@example\.com: Your MINGO receipt for order #[0-9A-F]{8}$/),
      expect.stringMatching(/^hang-2@example\.com: Your MINGO order #[0-9A-F]{8} was refunded$/),
      expect.stringMatching(/^hang-2@example\.com: Your MINGO receipt for order #[0-9A-F]{8}$/),
    ]);
  });

  it('retries with backoff while the server refuses, and delivers each e-mail once when it accepts again', async () => {
    const recipients = ['refused-1@example.com', 'refused-2@example.com'];
    smtp.setMode('refuse');
    const refusedBefore = smtp.refused();
    for (const email of recipients) await paidOrder(email);
    const [firstRow] = await vi.waitFor(async () => {
      const rows = await outboxRows(t.database.db, recipients[0] ?? '');
      expect(rows[0]?.last_error).toMatch(/554/);
      return rows;
    }, EVENTUALLY);
    expect(smtp.refused()).toBeGreaterThan(refusedBefore);
    // Not tried again at once: the next attempt waits (1 s after the first failure here).
    expect(firstRow?.sent_at).toBeNull();
    expect(firstRow?.dead_at).toBeNull();
    expect(firstRow?.next_attempt_at.getTime()).toBeGreaterThan((firstRow?.created_at.getTime() ?? 0) + 500);

    smtp.setMode('accept');
    await allSent(recipients);
    expect(deliveries(smtp, recipients)).toEqual([
      expect.stringMatching(/^refused-1@example\.com: Your MINGO receipt/),
      expect.stringMatching(/^refused-2@example\.com: Your MINGO receipt/),
    ]);
    const [sent] = await outboxRows(t.database.db, recipients[0] ?? '');
    expect(sent?.attempts).toBeGreaterThanOrEqual(2);
    expect(sent?.last_error).toBeNull();
  });

  it('makes an e-mail a dead letter after MAIL_MAX_ATTEMPTS failures; an admin sees it and sends it again, once', async () => {
    const email = 'dead-letter@example.com';
    smtp.setMode('refuse');
    const orderId = await paidOrder(email);
    await vi.waitFor(async () => expect((await outboxRows(t.database.db, email))[0]?.dead_at).not.toBeNull(), EVENTUALLY);
    // Dead: the worker leaves it alone, however often it runs.
    const refusals = smtp.refused();

    const staff = await signedInAs(t, 'staff');
    expect((await t.app.inject({ method: 'GET', url: '/api/order-emails/dead', headers: staff.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/order-emails/dead' })).statusCode).toBe(401);
    const listed = await t.app.inject({ method: 'GET', url: '/api/order-emails/dead', headers: admin.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const letter = DeadLettersSchema.parse(listed.json()).items.find((item) => item.recipient === email);
    expect(letter).toMatchObject({ orderId, kind: 'receipt', state: 'dead', attempts: 3, nextAttemptAt: null, sentAt: null });
    expect(letter?.lastError).toContain('554');
    expect(smtp.refused()).toBe(refusals);

    const resend = (id: string, headers = admin.headers) =>
      t.app.inject({ method: 'POST', url: `/api/order-emails/${id}/resend`, headers, payload: {} });
    expect((await resend(letter?.id ?? '', staff.headers)).statusCode).toBe(403);
    expect((await resend('999999999')).statusCode).toBe(404);
    expect((await resend('not-an-id')).statusCode).toBe(400);

    smtp.setMode('accept');
    const queued = await resend(letter?.id ?? '');
    expect(queued.statusCode, queued.body).toBe(200);
    expect(OrderEmailSchema.parse(queued.json())).toMatchObject({ state: 'queued', attempts: 0, deadAt: null });
    await allSent([email]);
    expect(deliveries(smtp, [email])).toEqual([expect.stringMatching(/^dead-letter@example\.com: Your MINGO receipt/)]);
    // Sent: no longer a dead letter, and a second click cannot send it twice.
    const again = await resend(letter?.id ?? '');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'conflict', message: 'This e-mail is not a dead letter: it was sent or is still queued.' },
    });
    const after = DeadLettersSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/order-emails/dead', headers: admin.headers })).json(),
    );
    expect(after.items.map((item) => item.recipient)).not.toContain(email);
  });

  it('waits longer after each failure, at most an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => backoffMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20, 30_000)).toBe(3_600_000);
  });
});

describe('the Stripe webhook with a hanging SMTP server', () => {
  const SECRET = 'whsec_test_mingo_outbox';
  let smtp: FlakySmtpServer;
  let stripe: FakeStripeServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startFlakySmtpServer('hang');
    stripe = await startFakeStripeServer();
    t = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_mingo_fake',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: stripe.url,
      SMTP_URL: smtp.url,
      ORDER_SWEEP_SECONDS: '0',
      MAIL_POLL_SECONDS: '1',
      SMTP_TIMEOUT_SECONDS: '120',
    });
  });
  afterAll(async () => {
    smtp.setMode('accept');
    await t.close();
    await stripe.close();
    await smtp.close();
  });

  it('acknowledges Stripe at once while the receipt waits for the server, then sends it once', async () => {
    const product = await createProductRepository(t.database.db).create(productFields('PIN', { name: 'Pin', priceCents: 900, stock: 10 }));
    const { sessionId, orderId } = await startCheckout(t, [{ product: { id: product.id }, quantity: 1 }]);
    const email = 'webhook-hang@example.com';
    const payload = stripeSessionEvent('checkout.session.completed', { id: sessionId, orderId, email, paymentIntent: 'pi_test_hang' });
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, SECRET) },
        payload,
      });
    expect((await deliver()).statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.hanging()).toBeGreaterThanOrEqual(1), EVENTUALLY);
    // Stripe retries a delivery it thinks failed: the retry is answered while the SMTP server is silent.
    const retry = await deliver();
    expect(retry.statusCode).toBe(200);
    expect(smtp.hanging()).toBeGreaterThanOrEqual(1);
    expect(smtp.messages).toEqual([]);

    smtp.setMode('accept');
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), EVENTUALLY);
    await vi.waitFor(async () => expect((await outboxRows(t.database.db, email))[0]?.sent_at).not.toBeNull(), EVENTUALLY);
    expect(deliveries(smtp, [email])).toEqual([expect.stringMatching(/^webhook-hang@example\.com: Your MINGO receipt/)]);
  });
});

// Two workers (two connection pools: two app instances) over one outbox. On PostgreSQL the claims
// race for real and FOR UPDATE SKIP LOCKED keeps them apart; PGlite runs one statement at a time.
describe('two mail workers on one database', () => {
  const COUNT = 40;
  let smtp: FlakySmtpServer;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let second: { db: Db; close: () => Promise<void> } | undefined;

  beforeAll(async () => {
    smtp = await startFlakySmtpServer();
    database = await createTestDatabase();
    if (database.url !== undefined) second = openPostgres(database.url, 4);
  });
  afterAll(async () => {
    await second?.close();
    await database.close();
    await smtp.close();
  });

  it('sends every message exactly once, both workers sending (PostgreSQL: real concurrency)', async () => {
    const db = database.db;
    const orders = await db
      .insertInto('orders')
      .values(
        Array.from({ length: COUNT }, () => ({
          status: 'paid' as const,
          provider: 'test' as const,
          subtotal_cents: 1000,
          delivery_cents: 0,
          tax_cents: 0,
          total_cents: 1000,
        })),
      )
      .returning('id')
      .execute();
    await db.transaction().execute(async (trx) => {
      for (const [index, order] of orders.entries()) await enqueueOrderEmail(trx, order.id, 'receipt', `worker-${index}@example.com`);
    });
    smtp.setDelay(5);
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
    const counting = (mailer: Mailer, sent: string[]): Mailer => ({
      ...mailer,
      send: async (message) => {
        const info = await mailer.send(message);
        sent.push(message.to);
        return info;
      },
    });
    const mail = { smtpUrl: smtp.url, from: 'shop@mingo.test', outboxDir: '/nonexistent', smtpTimeoutMs: 30_000 };
    const policy = { pollMs: 3_600_000, retryBaseMs: 1000, maxAttempts: 3 };
    const sentBy: [string[], string[]] = [[], []];
    const mailers = [createMailer(mail, log), createMailer(mail, log)];
    const workers = [
      startMailWorker(db, counting(mailers[0] as Mailer, sentBy[0]), log, policy),
      startMailWorker(second?.db ?? db, counting(mailers[1] as Mailer, sentBy[1]), log, policy),
    ];
    await Promise.all(workers.map((worker) => worker.drain()));
    await Promise.all(workers.map((worker) => worker.stop()));
    for (const mailer of mailers) mailer.close();

    const recipients = smtp.messages.flatMap((message) => message.to).sort();
    expect(recipients).toEqual(Array.from({ length: COUNT }, (_, index) => `worker-${index}@example.com`).sort());
    expect([...sentBy[0], ...sentBy[1]].sort()).toEqual(recipients);
    const unsent = await db.selectFrom('order_emails').select('id').where('sent_at', 'is', null).execute();
    expect(unsent).toEqual([]);
    if (second !== undefined) {
      expect(sentBy[0].length).toBeGreaterThan(0);
      expect(sentBy[1].length).toBeGreaterThan(0);
    }
  });
});
