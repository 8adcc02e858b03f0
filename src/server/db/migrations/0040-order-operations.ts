import { sql, type Kysely } from 'kysely';

/**
 * Shop operations (decision 100): the shipping address and payment reference on the order, the
 * `shipped` and `refunded` states, a timeline of every transition (`order_events`: who and when)
 * and the e-mail outbox (`order_emails`), whose unique (order_id, kind) makes each notice
 * exactly-once however often the event that causes it is delivered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check
    check (status in ('pending', 'paid', 'shipped', 'refunded', 'cancelled', 'expired', 'needs_refund'))`.execute(db);
  await db.schema
    .alterTable('orders')
    .addColumn('shipping_name', 'text')
    .addColumn('shipping_line1', 'text')
    .addColumn('shipping_line2', 'text')
    .addColumn('shipping_city', 'text')
    .addColumn('shipping_state', 'text')
    .addColumn('shipping_postal_code', 'text')
    .addColumn('shipping_country', 'text')
    .addColumn('payment_reference', 'text')
    .addColumn('shipped_at', sql`timestamptz(3)`)
    .addColumn('shipping_carrier', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('refunded_at', sql`timestamptz(3)`)
    .addColumn('refund_reference', 'text')
    .execute();
  // The admin filter and the expiry sweep.
  await sql`create index orders_status_created_idx on orders (status, created_at)`.execute(db);

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('actor_kind', 'text', (col) => col.notNull().check(sql`actor_kind in ('user', 'provider', 'system', 'shopper')`))
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', sql`timestamptz(3)`, (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index order_events_order_idx on order_events (order_id, id)`.execute(db);

  await db.schema
    .createTable('order_emails')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('receipt', 'shipped', 'refunded')`))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('created_at', sql`timestamptz(3)`, (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', sql`timestamptz(3)`)
    .addColumn('sent_at', sql`timestamptz(3)`)
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addUniqueConstraint('order_emails_order_kind_key', ['order_id', 'kind'])
    .execute();
  await sql`create index order_emails_unsent_idx on order_emails (id) where sent_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_emails').execute();
  await db.schema.dropTable('order_events').execute();
  await sql`drop index orders_status_created_idx`.execute(db);
  await db.schema
    .alterTable('orders')
    .dropColumn('shipping_name')
    .dropColumn('shipping_line1')
    .dropColumn('shipping_line2')
    .dropColumn('shipping_city')
    .dropColumn('shipping_state')
    .dropColumn('shipping_postal_code')
    .dropColumn('shipping_country')
    .dropColumn('payment_reference')
    .dropColumn('shipped_at')
    .dropColumn('shipping_carrier')
    .dropColumn('tracking_number')
    .dropColumn('refunded_at')
    .dropColumn('refund_reference')
    .execute();
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check
    check (status in ('pending', 'paid', 'cancelled', 'expired', 'needs_refund'))`.execute(db);
}
