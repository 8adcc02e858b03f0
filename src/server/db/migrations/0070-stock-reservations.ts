import { sql, type Kysely } from 'kysely';

/**
 * Reserved stock (decision 171): a checkout session holds its units from the moment it is created
 * until it is paid, cancelled or expired. `products.reserved_stock` counts the units held by open
 * checkouts (the shop offers `stock - reserved_stock`); `orders.reserved_until` is when the order's
 * checkout session stops being payable. A pending order with `reserved_until` set holds its
 * reservation; orders created before this migration have none and take stock at payment as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('reserved_stock', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`reserved_stock >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('reserved_until', sql`timestamptz(3)`)
    .execute();
  // The sweep's second question: which open reservations have lapsed.
  await sql`create index orders_pending_reserved_until_idx on orders (reserved_until) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_pending_reserved_until_idx`.execute(db);
  await db.schema.alterTable('orders').dropColumn('reserved_until').execute();
  await db.schema.alterTable('products').dropColumn('reserved_stock').execute();
}
