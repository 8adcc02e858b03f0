import { sql, type Kysely } from 'kysely';

/**
 * Orders, their items and processed payment events (decision 050). Money is integer cents. An
 * order is stored `pending` before the payment provider is asked for a session, so every session
 * the provider knows has an order here; the session id is filled in once the provider answers.
 * Items snapshot the product's name, code and price at checkout: products are archived, never
 * deleted, and a later price change must not rewrite a past order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'paid', 'cancelled', 'expired', 'needs_refund')`),
    )
    .addColumn('provider', 'text', (col) => col.notNull().check(sql`provider in ('test', 'stripe')`))
    .addColumn('provider_session_id', 'text', (col) => col.unique())
    .addColumn('customer_email', 'text')
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull().check(sql`subtotal_cents >= 0`))
    .addColumn('delivery_cents', 'integer', (col) => col.notNull().check(sql`delivery_cents >= 0`))
    .addColumn('tax_cents', 'integer', (col) => col.notNull().check(sql`tax_cents >= 0`))
    .addColumn('total_cents', 'integer', (col) => col.notNull().check(sql`total_cents >= 0`))
    .addColumn('created_at', sql`timestamptz(3)`, (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', sql`timestamptz(3)`, (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', sql`timestamptz(3)`)
    .execute();
  // The admin list: newest first.
  await sql`create index orders_created_idx on orders (created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull().check(sql`position >= 0`))
    .addColumn('product_id', 'uuid', (col) => col.notNull().references('products.id').onDelete('restrict'))
    .addColumn('product_name', 'text', (col) => col.notNull())
    .addColumn('product_code', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull().check(sql`unit_price_cents > 0`))
    .addColumn('shirt_size', 'text')
    .addColumn('shirt_color', 'text')
    .addColumn('vinyl_color', 'text')
    .addPrimaryKeyConstraint('order_items_pkey', ['order_id', 'position'])
    .execute();
  await sql`create index order_items_product_idx on order_items (product_id)`.execute(db);

  // Webhook idempotency: an event id is recorded in the same transaction that acts on it.
  await db.schema
    .createTable('payment_events')
    .addColumn('provider_event_id', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('order_id', 'uuid', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('received_at', sql`timestamptz(3)`, (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('orders').execute();
}
