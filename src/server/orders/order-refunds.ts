import type { FastifyBaseLogger } from 'fastify';
import { formatUsd } from '../../domain/format';
import { canApply, refusal } from '../../domain/order-lifecycle';
import { planRefund, refundedItemsText, sameRefundLines, type RefundPlan } from '../../domain/refunds';
import type { OrderStatus, RefundOrderBody } from '../../shared/orders';
import { conflict, notFound, serviceUnavailable } from '../../shared/errors';
import type { Db } from '../db/database';
import { RefundDeclinedError, type PaymentProvider } from '../payments/payment-provider';
import { restoreStock } from './fulfilment';
import { enqueueOrderEmail } from './order-outbox';
import { createOrderRepository, type OrderActor, type OrderItemRecord, type OrderRecord } from './order-repository';
import { createRefundRepository } from './refund-repository';

// Refunds (decisions 100 and 192): whole or by line and quantity, of paid, shipped and
// needs_refund orders. Each refund is a row of `order_refunds` written before the provider is
// asked, so a refund whose answer was lost is retried with the same idempotency key and can never
// be paid twice.

export type RefundDeps = { db: Db; payments: PaymentProvider; log: FastifyBaseLogger };

const orderNotFound = () => notFound('There is no order with this id.');

/** The plan of a refund, from the order's lines as stored; a refusal as a 409 in the admin's words. */
function planOf(order: OrderRecord, items: readonly OrderItemRecord[], body: RefundOrderBody): RefundPlan {
  const result = planRefund(
    {
      subtotalCents: order.subtotalCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      refundedCents: order.refundedCents,
      lines: items,
    },
    body.lines,
  );
  if (!result.ok) throw conflict(result.problem);
  return result.plan;
}

/**
 * Step 1, under the order's row lock: check the status and the lines, then record the refund
 * (or find the unconfirmed one this request repeats) and claim the order (`refund_requested_at`:
 * ship refuses a claimed order while money may be on its way back).
 */
async function claimRefund(db: Db, id: string, body: RefundOrderBody, actor: OrderActor) {
  return db.transaction().execute(async (trx) => {
    const orders = createOrderRepository(trx);
    const refunds = createRefundRepository(trx);
    const order = await orders.lockById(id);
    if (order === undefined) throw orderNotFound();
    if (!canApply('refund', order.status)) throw conflict(refusal('refund', order.status));
    const items = await orders.itemsOf(id);
    const plan = planOf(order, items, body);
    // Money arrived for an order that never took its goods: it goes back whole.
    if (order.status === 'needs_refund' && !plan.rest) {
      throw conflict('This order was never fulfilled, so it is refunded whole: leave out the lines.');
    }
    const unfinished = await refunds.unfinishedOf(id);
    if (unfinished !== undefined && !sameRefundLines(unfinished.lines, plan.lines)) {
      throw conflict(
        `A refund of ${refundedItemsText(items, unfinished.lines)} (${formatUsd(unfinished.amountCents)}) has not been confirmed by the ` +
          'payment provider yet. Refund those same items again to finish it before refunding anything else.',
      );
    }
    const refund = unfinished ?? (await refunds.insert(id, plan, actor.name));
    if (order.refundRequestedAt === null) await orders.update(id, { refundRequestedAt: new Date() });
    return { order, refund };
  });
}

/**
 * Refunds an order, whole (no `lines`: everything not refunded yet) or some units of some lines.
 * Three steps, so that no transaction is held across the network and nothing can slip in between:
 * (1) claim, (2) ask the provider with the refund's own idempotency key, (3) under the row lock
 * again, record the refunded units and money, restore the stock of what came back (orders that
 * took stock: paid and shipped), move the order to refunded once nothing is left, and queue the
 * buyer's e-mail — once per refund, whoever gets there first. Returns whether this request applied it.
 */
export async function refundOrder(
  { db, payments, log }: RefundDeps,
  id: string,
  body: RefundOrderBody,
  actor: OrderActor,
): Promise<{ applied: boolean; refundId: string }> {
  const { order: claimed, refund } = await claimRefund(db, id, body, actor);
  let refundId: string;
  try {
    ({ refundId } = await payments.refund({
      orderId: id,
      sessionId: claimed.providerSessionId,
      paymentReference: claimed.paymentReference,
      amountCents: refund.amountCents,
      rest: refund.rest,
      idempotencyKey: refund.idempotencyKey,
    }));
  } catch (error) {
    if (error instanceof RefundDeclinedError) {
      // Certainly no money moved: the refund is forgotten and the order may be shipped again.
      log.warn({ err: error, orderId: id, refund: refund.seq }, 'the payment provider declined the refund');
      await db.transaction().execute(async (trx) => {
        const orders = createOrderRepository(trx);
        const order = await orders.lockById(id);
        await createRefundRepository(trx).remove(refund.id);
        if (order !== undefined && canApply('refund', order.status)) await orders.update(id, { refundRequestedAt: null });
      });
      throw conflict(`The payment provider declined to refund this order: ${error.message}`);
    }
    // No answer, or an error: the refund may have happened. The claim and the refund's row stay,
    // so the order cannot be shipped until a retry (same idempotency key: never a second refund).
    log.error({ err: error, orderId: id, refund: refund.seq }, 'refund failed at the payment provider; outcome unknown');
    throw serviceUnavailable(
      'The payment provider did not confirm the refund. Please try again shortly (it cannot refund twice); until then the order cannot be marked shipped.',
    );
  }

  const applied = await db.transaction().execute(async (trx) => {
    const orders = createOrderRepository(trx);
    const refunds = createRefundRepository(trx);
    const order = await orders.lockById(id);
    if (order === undefined) throw orderNotFound();
    const current = await refunds.bySeq(id, refund.seq);
    // A concurrent request applied this same refund while we talked to the provider.
    if (current === undefined || current.completedAt !== null) return false;
    // The claim keeps every other transition out; should one have happened anyway, the money
    // went back all the same, and that is what the order must say.
    if (!canApply('refund', order.status)) {
      log.error({ orderId: id, status: order.status, refundId }, 'refunded at the provider from an unexpected status');
    }
    const items = await orders.itemsOf(id);
    await refunds.complete(current.id, refundId);
    await orders.addRefundedUnits(id, current.lines);
    // Only paid and shipped orders took stock (needs_refund never did): what comes back is sold again.
    if (order.status === 'paid' || order.status === 'shipped') {
      await restoreStock(
        trx,
        current.lines.flatMap(({ position, quantity }) => {
          const item = items[position];
          return item === undefined ? [] : [{ productId: item.productId, quantity }];
        }),
      );
    }
    const to: OrderStatus = current.rest ? 'refunded' : order.status;
    await orders.update(id, {
      ...(to === order.status ? { refundRequestedAt: null } : { status: to, refundedAt: new Date() }),
      refundReference: refundId,
      refundedCents: order.refundedCents + current.amountCents,
    });
    const whole = current.rest && current.seq === 1;
    const what = `${refundedItemsText(items, current.lines)}, ${formatUsd(current.amountCents)}`;
    const note = whole ? `refund ${refundId}` : current.rest ? `refund ${refundId}: ${what}` : `partial refund ${refundId}: ${what}`;
    await orders.addEvent(id, order.status, to, actor, note);
    await enqueueOrderEmail(trx, id, current.rest ? 'refunded' : 'partial_refund', order.customerEmail, current.seq);
    return true;
  });
  return { applied, refundId };
}
