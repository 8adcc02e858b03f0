import { sql, type Kysely } from 'kysely';

/**
 * The durable e-mail outbox (decision 172): order e-mails are sent by a background worker on every
 * instance, never on the request path. `next_attempt_at` is when a row may be tried (now when it
 * is queued, later after a failure: exponential backoff); `dead_at` marks a row that failed every
 * attempt (a dead letter), which an admin sees and can queue again. Rows left over from the old
 * "at most 5 attempts" rule become dead letters, so they show up instead of being stuck unseen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_emails')
    .addColumn('next_attempt_at', sql`timestamptz(3)`, (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('dead_at', sql`timestamptz(3)`)
    .execute();
  await sql`update order_emails set dead_at = now() where sent_at is null and attempts >= 5`.execute(db);
  await sql`drop index order_emails_unsent_idx`.execute(db);
  // The worker's claim: due rows, oldest first.
  await sql`create index order_emails_due_idx on order_emails (next_attempt_at, id) where sent_at is null and dead_at is null`.execute(db);
  // The admin's list of dead letters.
  await sql`create index order_emails_dead_idx on order_emails (dead_at) where dead_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index order_emails_dead_idx`.execute(db);
  await sql`drop index order_emails_due_idx`.execute(db);
  await sql`create index order_emails_unsent_idx on order_emails (id) where sent_at is null`.execute(db);
  await db.schema.alterTable('order_emails').dropColumn('dead_at').dropColumn('next_attempt_at').execute();
}
