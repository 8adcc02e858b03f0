import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { OrderEmail, OrderEmailState } from '../../shared/orders';
import { conflict, notFound } from '../../shared/errors';
import type { Db, Executor } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { renderOrderEmail, type OrderEmailKind } from './order-emails';
import { createOrderRepository } from './order-repository';
import { createRefundRepository } from './refund-repository';
import type { OrderEmailsTable } from './order-tables';
import type { Selectable } from 'kysely';

/**
 * A claim older than this is taken to belong to a process that died mid-send. It is far longer
 * than one send can take (the SMTP timeouts are at most 2 minutes), so a live worker's claim is
 * never taken over: no message is sent twice by two workers.
 */
const CLAIM_TIMEOUT = '10 minutes';
/** Rows claimed per round; the worker goes round again while it finds a full batch. */
const BATCH = 20;
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 3_600_000;
/** Dead letters shown to admins (newest first). */
const DEAD_LETTERS_SHOWN = 100;

export type RetryPolicy = { retryBaseMs: number; maxAttempts: number };

/** The wait after the n-th failed attempt (n ≥ 1): base, 2 × base, 4 × base … at most an hour. */
export function backoffMs(attempts: number, retryBaseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Queues one e-mail for an order, in the transaction of the transition that causes it: the e-mail
 * exists exactly when the change does. The unique (order_id, kind) key makes a repeat (a duplicate
 * webhook, a second refund request) a no-op. The mail worker sends it; the request never waits.
 */
export async function enqueueOrderEmail(
  trx: Executor,
  orderId: string,
  kind: OrderEmailKind,
  recipient: string | null,
  /** The refund a refund notice is about (order_refunds.seq; decision 192); 0 for the others. */
  refundSeq = 0,
): Promise<void> {
  if (recipient === null || recipient === '') return;
  await trx
    .insertInto('order_emails')
    .values({ order_id: orderId, kind, recipient, refund_seq: refundSeq })
    .onConflict((oc) => oc.columns(['order_id', 'kind', 'refund_seq']).doNothing())
    .execute();
}

type Claimed = { id: string; order_id: string; kind: OrderEmailKind; recipient: string; attempts: number; refund_seq: number };

/**
 * One round of the worker: claims up to BATCH due rows that no one else holds (`FOR UPDATE SKIP
 * LOCKED` in one short statement that also stamps the claim, so concurrent workers on any
 * instance never take the same row) and sends them one by one. A failed send is rescheduled with
 * backoff, or becomes a dead letter after `maxAttempts`; the rest of the batch is handed back
 * untouched, since the server that just failed will most likely fail them too. Returns how many
 * rows were claimed.
 */
export async function deliverDueEmails(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  policy: RetryPolicy,
  shouldStop: () => boolean = () => false,
): Promise<number> {
  const claimed = await sql<Claimed>`
    update order_emails set claimed_at = now(), attempts = attempts + 1
    where id in (
      select id from order_emails
      where sent_at is null and dead_at is null and next_attempt_at <= now()
        and (claimed_at is null or claimed_at < now() - ${CLAIM_TIMEOUT}::interval)
      order by next_attempt_at, id limit ${BATCH}
      for update skip locked)
    returning id, order_id, kind, recipient, attempts, refund_seq`.execute(db);
  const rows = claimed.rows.sort((a, b) => Number(a.id) - Number(b.id));
  const orders = createOrderRepository(db);
  const refunds = createRefundRepository(db);
  for (const [index, row] of rows.entries()) {
    if (shouldStop()) {
      await release(db, rows.slice(index));
      break;
    }
    try {
      const order = await orders.findById(row.order_id);
      if (order === undefined) throw new Error(`order ${row.order_id} is gone`);
      const refund = row.refund_seq === 0 ? undefined : await refunds.bySeq(row.order_id, row.refund_seq);
      const email = renderOrderEmail(row.kind, order, refund);
      await mailer.send({ to: row.recipient, ...email, fileHint: `${row.kind}-${row.order_id}` });
    } catch (error) {
      await failed(db, row, error, log, policy);
      await release(db, rows.slice(index + 1));
      break;
    }
    await db
      .updateTable('order_emails')
      .set({ sent_at: new Date(), claimed_at: null, last_error: null })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}

/** Hands claimed rows back as they were (not attempted). */
async function release(db: Db, rows: Claimed[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .updateTable('order_emails')
    .set((eb) => ({ claimed_at: null, attempts: eb('attempts', '-', 1) }))
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
}

async function failed(db: Db, row: Claimed, error: unknown, log: FastifyBaseLogger, policy: RetryPolicy): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const dead = row.attempts >= policy.maxAttempts;
  const retryAt = new Date(Date.now() + backoffMs(row.attempts, policy.retryBaseMs));
  if (dead) {
    log.error(
      { err: error, orderId: row.order_id, kind: row.kind, attempts: row.attempts },
      'order e-mail failed every attempt: dead letter',
    );
  } else {
    log.warn(
      { err: error, orderId: row.order_id, kind: row.kind, attempts: row.attempts, retryAt },
      'order e-mail could not be sent; will retry',
    );
  }
  await db
    .updateTable('order_emails')
    .set(
      dead
        ? { claimed_at: null, last_error: message, dead_at: new Date() }
        : { claimed_at: null, last_error: message, next_attempt_at: retryAt },
    )
    .where('id', '=', row.id)
    .execute();
}

export type MailWorker = {
  /** Asks for a round soon (after a request queued an e-mail); never waits for it. */
  wake: () => void;
  /** Runs rounds until nothing due is left (tests); resolves when done. */
  drain: () => Promise<void>;
  /** Stops the timer and waits for the message being sent (bounded by the SMTP timeouts). */
  stop: () => Promise<void>;
};

/**
 * The background sender every instance runs: a round every `pollMs`, and one as soon as a request
 * on this instance queues an e-mail. One round at a time per instance; rows are shared between
 * instances through the claim, so any number of workers may run.
 */
export function startMailWorker(db: Db, mailer: Mailer, log: FastifyBaseLogger, options: RetryPolicy & { pollMs: number }): MailWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const rounds = async () => {
    do {
      again = false;
      while (!stopped && (await deliverDueEmails(db, mailer, log, options, () => stopped)) === BATCH);
    } while (again && !stopped);
  };
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running !== undefined) {
      again = true;
      return running;
    }
    running = rounds()
      .catch((error: unknown) => log.error({ err: error }, 'mail worker round failed; it runs again at the next interval'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void run(), options.pollMs);
  timer.unref();
  return {
    wake: () => {
      setImmediate(() => void run());
    },
    drain: async () => {
      await running;
      await run();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

type OrderEmailRow = Selectable<OrderEmailsTable>;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function stateOf(row: OrderEmailRow): OrderEmailState {
  if (row.sent_at !== null) return 'sent';
  if (row.dead_at !== null) return 'dead';
  return row.attempts === 0 ? 'queued' : 'retrying';
}

export function toOrderEmailDto(row: OrderEmailRow): OrderEmail {
  return {
    id: String(row.id),
    orderId: row.order_id,
    kind: row.kind,
    recipient: row.recipient,
    state: stateOf(row),
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    nextAttemptAt: row.sent_at === null && row.dead_at === null ? row.next_attempt_at.toISOString() : null,
    sentAt: iso(row.sent_at),
    deadAt: iso(row.dead_at),
  };
}

/** Admins: the e-mails that failed every attempt, newest first. */
export async function listDeadLetters(db: Db): Promise<OrderEmail[]> {
  const rows = await db
    .selectFrom('order_emails')
    .selectAll()
    .where('dead_at', 'is not', null)
    .where('sent_at', 'is', null)
    .orderBy('dead_at', 'desc')
    .orderBy('id', 'desc')
    .limit(DEAD_LETTERS_SHOWN)
    .execute();
  return rows.map(toOrderEmailDto);
}

/**
 * Admins: queues a dead letter again, with a fresh set of attempts, due now (its last error is
 * kept until it is sent). Only a dead letter: a queued or sent e-mail is refused (409), so two
 * clicks cannot send it twice.
 */
export async function resendDeadLetter(db: Db, id: string): Promise<OrderEmail> {
  const row = await db
    .updateTable('order_emails')
    .set({ dead_at: null, attempts: 0, claimed_at: null, next_attempt_at: new Date() })
    .where('id', '=', id)
    .where('dead_at', 'is not', null)
    .where('sent_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (row !== undefined) return toOrderEmailDto(row);
  const exists = await db.selectFrom('order_emails').select('id').where('id', '=', id).executeTakeFirst();
  if (exists === undefined) throw notFound('There is no e-mail with this id.');
  throw conflict('This e-mail is not a dead letter: it was sent or is still queued.');
}
