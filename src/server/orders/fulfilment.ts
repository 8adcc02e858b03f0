import { z } from 'zod';
import type { OrderStatus } from '../../shared/orders';
import type { Db } from '../db/database';
import type { PaymentEvent } from '../payments/payment-provider';
import type { Executor } from '../db/database';
import { createProductRepository } from '../products/product-repository';
import { enqueueOrderEmail } from './order-outbox';
import { createOrderRepository, type OrderItemRecord, type OrderRecord } from './order-repository';

export type FulfilmentResult =
  { kind: 'duplicate' } | { kind: 'unknown_session' } | { kind: 'applied'; orderId: string; from: OrderStatus; to: OrderStatus };

/** Puts a paid order's items back into stock (a refund). */
export async function restoreStock(trx: Executor, items: readonly OrderItemRecord[]): Promise<void> {
  const products = createProductRepository(trx);
  for (const [productId, units] of unitsPerProduct(items)) await products.incrementStock(productId, units);
}

/** Units wanted per product: several lines (other options) may take the same product. */
function unitsPerProduct(items: readonly OrderItemRecord[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const item of items) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
  return units;
}

/**
 * Takes every item out of stock, or nothing: products are row-locked first, then checked, so a
 * shortage on any line leaves all stock untouched. Returns false on a shortage.
 */
export async function takeStock(trx: Executor, items: readonly OrderItemRecord[]): Promise<boolean> {
  const products = createProductRepository(trx);
  const units = unitsPerProduct(items);
  const locked = await products.getProductsByIds([...units.keys()], { forUpdate: true });
  for (const [productId, wanted] of units) {
    if ((locked.get(productId)?.stock ?? 0) < wanted) return false;
  }
  for (const [productId, wanted] of units) {
    // Cannot fail under the row locks taken above; if it ever did, the transaction rolls back.
    if ((await products.decrementStock(productId, wanted)) === undefined) {
      throw new Error(`Stock of ${productId} changed under a row lock`);
    }
  }
  return true;
}

/** The shop charges USD; the provider adds only the tax it computed to the order's subtotal and delivery. */
function chargeMatches(order: OrderRecord, charged: NonNullable<PaymentEvent['charged']>): boolean {
  return charged.currency === SHOP_CURRENCY && charged.amountCents - charged.taxCents === order.subtotalCents + order.deliveryCents;
}

const SHOP_CURRENCY = 'usd';

/** The status an event moves an order to; the same status when it changes nothing. */
async function transition(trx: Executor, order: OrderRecord, event: PaymentEvent): Promise<OrderStatus> {
  switch (event.outcome) {
    case null:
      return order.status;
    case 'paid':
      if (order.status === 'pending') {
        // A charge that is not this order's price (another currency, or an amount other than
        // subtotal + delivery + the provider's tax) is never fulfilled: someone must refund it.
        if (event.charged !== undefined && !chargeMatches(order, event.charged)) return 'needs_refund';
        const items = await createOrderRepository(trx).itemsOf(order.id);
        return (await takeStock(trx, items)) ? 'paid' : 'needs_refund';
      }
      // Money arrived for an order that was already closed: someone must refund it.
      if (order.status === 'cancelled' || order.status === 'expired') return 'needs_refund';
      return order.status;
    case 'payment_failed':
    case 'cancelled':
      return order.status === 'pending' ? 'cancelled' : order.status;
    case 'expired':
      return order.status === 'pending' ? 'expired' : order.status;
  }
}

/**
 * The one fulfilment path for every provider (the Stripe webhook and the test checkout's Pay and
 * Cancel): in ONE transaction, record the event id (a repeat is a no-op), row-lock the order, and
 * move it on. A payment marks it paid and takes its stock, or marks it needs_refund when stock ran
 * out; nothing ever un-pays a paid order. Unknown sessions are recorded and ignored.
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<FulfilmentResult> {
  return db.transaction().execute(async (trx) => {
    const orders = createOrderRepository(trx);
    if (!(await orders.recordEvent(event))) return { kind: 'duplicate' };

    const orderId = z.uuid().safeParse(event.orderId).data;
    const order = await orders.lockBySession(event.provider, event.sessionId, orderId);
    if (order === undefined) return { kind: 'unknown_session' };
    await orders.linkEvent(event.eventId, order.id);

    const to = await transition(trx, order, event);
    const changed = to !== order.status;
    const paidNow = changed && (to === 'paid' || to === 'needs_refund');
    const email = order.customerEmail ?? event.customerEmail ?? null;
    await orders.update(order.id, {
      ...(changed ? { status: to } : {}),
      ...(paidNow ? { paidAt: new Date() } : {}),
      ...(order.providerSessionId === null ? { providerSessionId: event.sessionId } : {}),
      ...(order.customerEmail === null && event.customerEmail !== undefined ? { customerEmail: event.customerEmail } : {}),
      ...(paidNow && event.finalAmounts !== undefined ? event.finalAmounts : {}),
      ...(paidNow && event.shippingAddress !== undefined ? { shippingAddress: event.shippingAddress } : {}),
      ...(paidNow && event.paymentReference !== undefined ? { paymentReference: event.paymentReference } : {}),
    });
    if (changed) {
      const mismatch = event.charged !== undefined && order.status === 'pending' && !chargeMatches(order, event.charged);
      const note = mismatch
        ? `${event.type}: charged ${event.charged?.amountCents ?? 0} ${event.charged?.currency ?? ''} does not match the order`
        : event.type;
      await orders.addEvent(
        order.id,
        order.status,
        to,
        { kind: 'provider', id: null, name: event.provider === 'stripe' ? 'Stripe' : 'Test provider' },
        note,
      );
    }
    // Inside this transaction: a duplicate event never reaches here, and (order, kind) is unique.
    if (changed && to === 'paid') await enqueueOrderEmail(trx, order.id, 'receipt', email);
    return { kind: 'applied', orderId: order.id, from: order.status, to };
  });
}
