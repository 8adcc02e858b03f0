import { z } from 'zod';
import type { OrderStatus } from '../../shared/orders';
import type { Db } from '../db/database';
import type { PaymentEvent } from '../payments/payment-provider';
import type { Executor } from '../db/database';
import { holdsReservation, unitsPerProduct } from '../../domain/stock-reservation';
import { availableOf, createProductRepository } from '../products/product-repository';
import { enqueueOrderEmail } from './order-outbox';
import { createOrderRepository, type OrderItemRecord, type OrderRecord } from './order-repository';

export type FulfilmentResult =
  { kind: 'duplicate' } | { kind: 'unknown_session' } | { kind: 'applied'; orderId: string; from: OrderStatus; to: OrderStatus };

/** Puts units of a paid order back into stock (a refund: the whole order, or what came back). */
export async function restoreStock(trx: Executor, items: readonly Pick<OrderItemRecord, 'productId' | 'quantity'>[]): Promise<void> {
  const products = createProductRepository(trx);
  for (const [productId, units] of unitsPerProduct(items)) await products.incrementStock(productId, units);
}

/**
 * Takes every item out of the available stock (not reserved by others), or nothing: products are
 * row-locked first, then checked, so a shortage on any line leaves all stock untouched. Returns
 * false on a shortage. For orders that hold no reservation (from before decision 171, or whose
 * reservation lapsed before the payment arrived).
 */
export async function takeStock(trx: Executor, items: readonly OrderItemRecord[]): Promise<boolean> {
  const products = createProductRepository(trx);
  const units = unitsPerProduct(items);
  const locked = await products.getProductsByIds([...units.keys()], { forUpdate: true });
  for (const [productId, wanted] of units) {
    const product = locked.get(productId);
    if (product === undefined || availableOf(product) < wanted) return false;
  }
  for (const [productId, wanted] of units) {
    // Cannot fail under the row locks taken above; if it ever did, the transaction rolls back.
    if ((await products.decrementStock(productId, wanted)) === undefined) {
      throw new Error(`Stock of ${productId} changed under a row lock`);
    }
  }
  return true;
}

/**
 * Holds every item's units for a checkout session, in the caller's transaction. The caller has
 * row-locked the products and checked them (priceLines), so this cannot fall short; if it ever
 * did, it throws and the transaction rolls back.
 */
export async function reserveStock(trx: Executor, items: readonly OrderItemRecord[]): Promise<void> {
  const products = createProductRepository(trx);
  for (const [productId, wanted] of unitsPerProduct(items)) {
    if ((await products.reserveStock(productId, wanted)) === undefined) throw new Error(`Stock of ${productId} changed under a row lock`);
  }
}

/** Gives a pending order's held units back (its session was cancelled or expired). */
export async function releaseReservation(trx: Executor, items: readonly OrderItemRecord[]): Promise<void> {
  const products = createProductRepository(trx);
  for (const [productId, units] of unitsPerProduct(items)) await products.releaseReservedStock(productId, units);
}

/**
 * Turns a paid order's reservation into a sale, all lines or none: products are row-locked, and
 * if the stock no longer has every line's units (an admin lowered it meanwhile) nothing is sold
 * and the reservation is released. Returns false in that case.
 */
export async function sellReservation(trx: Executor, items: readonly OrderItemRecord[]): Promise<boolean> {
  const products = createProductRepository(trx);
  const units = unitsPerProduct(items);
  const locked = await products.getProductsByIds([...units.keys()], { forUpdate: true });
  const short = [...units].some(([productId, wanted]) => (locked.get(productId)?.stock ?? 0) < wanted);
  if (short) {
    await releaseReservation(trx, items);
    return false;
  }
  for (const [productId, wanted] of units) {
    if ((await products.sellReservedStock(productId, wanted)) === undefined) {
      throw new Error(`Reserved stock of ${productId} changed under a row lock`);
    }
  }
  return true;
}

/** The shop charges USD; the provider adds only the tax it computed to the order's subtotal and delivery. */
function chargeMatches(order: OrderRecord, charged: NonNullable<PaymentEvent['charged']>): boolean {
  return charged.currency === SHOP_CURRENCY && charged.amountCents - charged.taxCents === order.subtotalCents + order.deliveryCents;
}

const SHOP_CURRENCY = 'usd';

/**
 * The status an event moves an order to (the same status when it changes nothing), and what
 * happens to its stock on the way: a pending order's reservation becomes a sale when it is paid and
 * goes back to the shop when it is cancelled, expired or cannot be fulfilled.
 */
async function transition(trx: Executor, order: OrderRecord, event: PaymentEvent): Promise<OrderStatus> {
  const items = () => createOrderRepository(trx).itemsOf(order.id);
  const reserved = holdsReservation(order);
  switch (event.outcome) {
    case null:
      return order.status;
    case 'paid':
      if (order.status === 'pending') {
        // A charge that is not this order's price (another currency, or an amount other than
        // subtotal + delivery + the provider's tax) is never fulfilled: someone must refund it.
        if (event.charged !== undefined && !chargeMatches(order, event.charged)) {
          if (reserved) await releaseReservation(trx, await items());
          return 'needs_refund';
        }
        if (reserved) return (await sellReservation(trx, await items())) ? 'paid' : 'needs_refund';
        return (await takeStock(trx, await items())) ? 'paid' : 'needs_refund';
      }
      // Paid after its session expired here (a late webhook, after the sweep released the
      // reservation): fulfilled if the units are still available, otherwise refunded.
      if (order.status === 'expired') {
        if (event.charged !== undefined && !chargeMatches(order, event.charged)) return 'needs_refund';
        return (await takeStock(trx, await items())) ? 'paid' : 'needs_refund';
      }
      // Money arrived for an order the shopper or the provider cancelled: someone must refund it.
      if (order.status === 'cancelled') return 'needs_refund';
      return order.status;
    case 'payment_failed':
    case 'cancelled':
    case 'expired': {
      if (order.status !== 'pending') return order.status;
      if (reserved) await releaseReservation(trx, await items());
      return event.outcome === 'expired' ? 'expired' : 'cancelled';
    }
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
      const mismatch =
        event.charged !== undefined && (order.status === 'pending' || order.status === 'expired') && !chargeMatches(order, event.charged);
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
