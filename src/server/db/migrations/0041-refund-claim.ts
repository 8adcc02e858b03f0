import { sql, type Kysely } from 'kysely';

/**
 * The refund claim (decision 100): `refund_requested_at` is set, under the order's row lock, before
 * the payment provider is asked for a refund, and marking the order shipped is refused while it
 * is set. So no shipment can slip in between the provider's refund and the order becoming
 * `refunded`. It is cleared only when the provider declines the refund.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('refund_requested_at', sql`timestamptz(3)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('refund_requested_at').execute();
}
