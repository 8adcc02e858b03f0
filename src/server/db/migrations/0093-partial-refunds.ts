import { sql, type Kysely } from 'kysely';

/**
 * Partial refunds and refunds after shipping (decision 192).
 *
 * - `order_items.refunded_quantity`: the units of a line given back so far (0..quantity).
 * - `orders.refunded_cents`: the money given back so far (0..total).
 * - `order_refunds`: one row per refund asked of the provider, numbered per order (`seq`), with
 *   the lines and amount it covers. A row with no `completed_at` is a refund the provider has not
 *   confirmed: asking again for the same lines retries it with the same idempotency key.
 * - `order_emails.refund_seq`: which refund a refund notice is about (0 for every other e-mail and
 *   for refunds made before this migration), so each refund mails the buyer once; and the kind
 *   `partial_refund`.
 *
 * Orders refunded before this migration were refunded whole: their lines and amount are marked so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_items')
    .addColumn('refunded_quantity', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`alter table order_items add constraint order_items_refunded_quantity_check
    check (refunded_quantity >= 0 and refunded_quantity <= quantity)`.execute(db);
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`alter table orders add constraint orders_refunded_cents_check check (refunded_cents >= 0)`.execute(db);
  await sql`update order_items set refunded_quantity = quantity
    where order_id in (select id from orders where status = 'refunded')`.execute(db);
  await sql`update orders set refunded_cents = total_cents where status = 'refunded'`.execute(db);

  await db.schema
    .createTable('order_refunds')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull().check(sql`seq >= 1`))
    // [{ "position": 0, "quantity": 1 }, …]: the order's lines (order_items.position) and units.
    .addColumn('lines', 'jsonb', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents >= 0`))
    // Everything the order had left: the provider refunds what remains of the payment.
    .addColumn('rest', 'boolean', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('requested_by', 'text', (col) => col.notNull())
    .addColumn('requested_at', sql`timestamptz(3)`, (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', sql`timestamptz(3)`)
    .addColumn('provider_refund_id', 'text')
    .addUniqueConstraint('order_refunds_order_seq_key', ['order_id', 'seq'])
    .execute();

  await sql`alter table order_emails drop constraint order_emails_kind_check`.execute(db);
  await sql`alter table order_emails add constraint order_emails_kind_check
    check (kind in ('receipt', 'shipped', 'refunded', 'partial_refund'))`.execute(db);
  await db.schema
    .alterTable('order_emails')
    .addColumn('refund_seq', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`alter table order_emails drop constraint order_emails_order_kind_key`.execute(db);
  await sql`alter table order_emails add constraint order_emails_order_kind_refund_key unique (order_id, kind, refund_seq)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from order_emails where kind = 'partial_refund'`.execute(db);
  await sql`alter table order_emails drop constraint order_emails_order_kind_refund_key`.execute(db);
  await db.schema.alterTable('order_emails').dropColumn('refund_seq').execute();
  await sql`alter table order_emails add constraint order_emails_order_kind_key unique (order_id, kind)`.execute(db);
  await sql`alter table order_emails drop constraint order_emails_kind_check`.execute(db);
  await sql`alter table order_emails add constraint order_emails_kind_check check (kind in ('receipt', 'shipped', 'refunded'))`.execute(db);
  await db.schema.dropTable('order_refunds').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_cents').execute();
  await db.schema.alterTable('order_items').dropColumn('refunded_quantity').execute();
}
