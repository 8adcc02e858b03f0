import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import type { Executor } from '../db/database';
import { renderOrderEmail, type OrderEmailKind } from './order-emails';
import { createOrderRepository } from './order-repository';

/** A claim older than this is taken to belong to a process that died mid-send. */
const CLAIM_TIMEOUT = '5 minutes';
const MAX_ATTEMPTS = 5;
const BATCH = 20;

/**
 * Queues one e-mail for an order, in the transaction of the transition that causes it. The unique
 * (order_id, kind) key makes a repeat (a duplicate webhook, a second refund request) a no-op.
 */
export async function enqueueOrderEmail(trx: Executor, orderId: string, kind: OrderEmailKind, recipient: string | null): Promise<void> {
  if (recipient === null || recipient === '') return;
  await trx
    .insertInto('order_emails')
    .values({ order_id: orderId, kind, recipient })
    .onConflict((oc) => oc.columns(['order_id', 'kind']).doNothing())
    .execute();
}

type Claimed = { id: string; order_id: string; kind: OrderEmailKind; recipient: string };

/**
 * Sends every queued e-mail that no one else is sending. Rows are claimed with SKIP LOCKED and a
 * claim time, so concurrent callers (other requests, other processes, the sweep) never send the
 * same row; a send that fails is released for a later attempt (at most 5).
 */
export async function deliverOrderEmails(db: Db, mailer: Mailer, log: FastifyBaseLogger): Promise<number> {
  const claimed = await sql<Claimed>`
    update order_emails set claimed_at = now(), attempts = attempts + 1
    where id in (
      select id from order_emails
      where sent_at is null and attempts < ${MAX_ATTEMPTS}
        and (claimed_at is null or claimed_at < now() - ${CLAIM_TIMEOUT}::interval)
      order by id limit ${BATCH}
      for update skip locked)
    returning id, order_id, kind, recipient`.execute(db);
  const orders = createOrderRepository(db);
  let sent = 0;
  for (const row of claimed.rows) {
    try {
      const order = await orders.findById(row.order_id);
      if (order === undefined) throw new Error(`order ${row.order_id} is gone`);
      const email = renderOrderEmail(row.kind, order);
      await mailer.send({ to: row.recipient, ...email, fileHint: `${row.kind}-${row.order_id}` });
      await db.updateTable('order_emails').set({ sent_at: new Date(), last_error: null }).where('id', '=', row.id).execute();
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, orderId: row.order_id, kind: row.kind }, 'order e-mail could not be sent; will retry');
      await db
        .updateTable('order_emails')
        .set({ claimed_at: null, last_error: message.slice(0, 500) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return sent;
}
