import { sql, type Kysely } from 'kysely';

/**
 * Caps on held stock (decision 192): a pending order remembers the client address that started its
 * checkout, so the units one address holds in open checkout sessions can be counted and capped
 * (`MAX_HELD_UNITS_PER_ADDRESS`). The address is kept only while the order is pending: every
 * transition out of `pending` clears it (order-repository.ts `update`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('checkout_address', 'text').execute();
  // The cap's question at every checkout: which open checkouts does this address hold.
  await sql`create index orders_pending_checkout_address_idx on orders (checkout_address, reserved_until)
    where status = 'pending' and checkout_address is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_pending_checkout_address_idx`.execute(db);
  await db.schema.alterTable('orders').dropColumn('checkout_address').execute();
}
