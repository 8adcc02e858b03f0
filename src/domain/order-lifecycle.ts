// Which admin actions an order's status allows, and when a pending order is stale. Pure rules:
// statuses are the strings of the order table, time is passed in.

export type AdminOrderAction = 'ship' | 'refund';

/** The statuses each admin action may start from. */
export const ACTION_SOURCES: Record<AdminOrderAction, readonly string[]> = {
  // Only a paid order has its stock taken and goods to send.
  ship: ['paid'],
  // shipped: a returned item is refunded after it came back (decision 192).
  // needs_refund: the money arrived but the order cannot be fulfilled (sold out, or already closed).
  refund: ['paid', 'shipped', 'needs_refund'],
};

export function canApply(action: AdminOrderAction, status: string): boolean {
  return ACTION_SOURCES[action].includes(status);
}

/** Why an action is refused, in words an admin understands. */
export function refusal(action: AdminOrderAction, status: string): string {
  const words = ACTION_SOURCES[action].map((source) => source.replaceAll('_', ' '));
  const allowed = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1) ?? ''}` : (words[0] ?? '');
  const verb = action === 'ship' ? 'marked shipped' : 'refunded';
  return `This order is ${status.replaceAll('_', ' ')}; only ${allowed} orders can be ${verb}.`;
}

/** Pending orders older than this are expired by the sweep (Stripe sessions last at most 24 h too). */
export const PENDING_ORDER_TTL_MS = 24 * 60 * 60 * 1000;

/** Orders created before this instant are stale when still pending. */
export function pendingCutoff(now: Date, ttlMs = PENDING_ORDER_TTL_MS): Date {
  return new Date(now.getTime() - ttlMs);
}
