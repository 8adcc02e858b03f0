import type { PlannedRefundLine, RefundPlan } from '../../domain/refunds';
import type { Executor } from '../db/database';

// The refunds of an order (migration 0093, decision 192): one row per refund asked of the
// payment provider, completed when the provider confirmed it.

/** One refund of an order (a row of order_refunds). */
export type OrderRefund = {
  id: string;
  orderId: string;
  seq: number;
  lines: PlannedRefundLine[];
  amountCents: number;
  rest: boolean;
  idempotencyKey: string;
  completedAt: Date | null;
  providerRefundId: string | null;
};

/**
 * The provider's idempotency key of an order's refund: the first refund that gives back the whole
 * order keeps the key every refund had before partial refunds (`mingo-refund-<order>`), so a
 * refund asked before an upgrade and retried after it is still the same refund.
 */
export function refundIdempotencyKey(orderId: string, seq: number, rest: boolean): string {
  return seq === 1 && rest ? `mingo-refund-${orderId}` : `mingo-refund-${orderId}-${seq}`;
}

export function createRefundRepository(db: Executor) {
  type Row = {
    id: string;
    order_id: string;
    seq: number;
    lines: PlannedRefundLine[];
    amount_cents: number;
    rest: boolean;
    idempotency_key: string;
    completed_at: Date | null;
    provider_refund_id: string | null;
  };
  const toRefund = (row: Row): OrderRefund => ({
    id: row.id,
    orderId: row.order_id,
    seq: row.seq,
    lines: row.lines,
    amountCents: row.amount_cents,
    rest: row.rest,
    idempotencyKey: row.idempotency_key,
    completedAt: row.completed_at,
    providerRefundId: row.provider_refund_id,
  });
  const columns = [
    'id',
    'order_id',
    'seq',
    'lines',
    'amount_cents',
    'rest',
    'idempotency_key',
    'completed_at',
    'provider_refund_id',
  ] as const;
  return {
    /** The refund the provider has not confirmed yet, if any (at most one per order). */
    async unfinishedOf(orderId: string): Promise<OrderRefund | undefined> {
      const row = await db
        .selectFrom('order_refunds')
        .select(columns)
        .where('order_id', '=', orderId)
        .where('completed_at', 'is', null)
        .orderBy('seq')
        .executeTakeFirst();
      return row === undefined ? undefined : toRefund(row);
    },

    async bySeq(orderId: string, seq: number): Promise<OrderRefund | undefined> {
      const row = await db
        .selectFrom('order_refunds')
        .select(columns)
        .where('order_id', '=', orderId)
        .where('seq', '=', seq)
        .executeTakeFirst();
      return row === undefined ? undefined : toRefund(row);
    },

    /** Records a refund about to be asked of the provider, numbered after the order's others. */
    async insert(orderId: string, plan: RefundPlan, requestedBy: string): Promise<OrderRefund> {
      const last = await db
        .selectFrom('order_refunds')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      const seq = Number(last?.seq ?? 0) + 1;
      const row = await db
        .insertInto('order_refunds')
        .values({
          order_id: orderId,
          seq,
          lines: JSON.stringify(plan.lines),
          amount_cents: plan.amountCents,
          rest: plan.rest,
          idempotency_key: refundIdempotencyKey(orderId, seq, plan.rest),
          requested_by: requestedBy,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toRefund(row);
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('order_refunds').where('id', '=', id).where('completed_at', 'is', null).execute();
    },

    async complete(id: string, providerRefundId: string): Promise<void> {
      await db
        .updateTable('order_refunds')
        .set({ completed_at: new Date(), provider_refund_id: providerRefundId })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type RefundRepository = ReturnType<typeof createRefundRepository>;
