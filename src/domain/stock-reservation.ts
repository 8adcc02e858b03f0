// Reserved stock (decision 171): a checkout session holds its units while it can be paid. Pure
// rules: time is passed in.

/**
 * How long a checkout session can be paid: Stripe's shortest session (30 minutes) plus one
 * minute, because Stripe refuses an `expires_at` less than 30 minutes after it receives the
 * request. The test provider's sessions last as long.
 */
export const CHECKOUT_SESSION_LIFETIME_MS = 31 * 60 * 1000;

/**
 * How long after its session's end the sweep waits before it releases a reservation itself: time
 * for Stripe's `checkout.session.completed` of a payment made in the last second to arrive.
 */
export const RESERVATION_GRACE_MS = 5 * 60 * 1000;

/** When a checkout session started at `now` stops being payable (its reservation's end). */
export function sessionExpiresAt(now: Date, lifetimeMs = CHECKOUT_SESSION_LIFETIME_MS): Date {
  return new Date(now.getTime() + lifetimeMs);
}

/** Reservations that ended before this instant are released by the sweep. */
export function reservationReleaseCutoff(now: Date, graceMs = RESERVATION_GRACE_MS): Date {
  return new Date(now.getTime() - graceMs);
}

/** Whether a session that ends at `reservedUntil` can still be paid at `now`. */
export function isPayable(reservedUntil: Date | null, now: Date): boolean {
  return reservedUntil === null || now.getTime() < reservedUntil.getTime();
}

/**
 * What the shop can still sell: the units not held by open checkouts. Never negative, also when an
 * admin lowered the stock below what is reserved (those checkouts then end needs_refund if paid).
 */
export function availableStock(stock: number, reserved: number): number {
  return Math.max(0, stock - reserved);
}

/** Whether an order holds reserved stock: only a pending order whose checkout reserved it. */
export function holdsReservation(order: { status: string; reservedUntil: Date | null }): boolean {
  return order.status === 'pending' && order.reservedUntil !== null;
}

/** Units wanted per product: several lines (other options) may take the same product. */
export function unitsPerProduct(items: readonly { productId: string; quantity: number }[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const item of items) units.set(item.productId, (units.get(item.productId) ?? 0) + item.quantity);
  return units;
}
