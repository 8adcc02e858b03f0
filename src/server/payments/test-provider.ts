import { randomBytes } from 'node:crypto';
import { buildPath } from '../../shared/contract';
import { testCheckoutPage } from '../../shared/orders';
import type { PaymentProvider } from './payment-provider';

export const testPaymentReference = (sessionId: string) => `test_pi_${sessionId.replace(/^test_cs_/, '')}`;

/** Session ids of the test provider: unguessable, since /api/orders/by-session is public. */
export function newTestSessionId(): string {
  return `test_cs_${randomBytes(24).toString('base64url').replace(/-/g, 'A')}`;
}

/**
 * The built-in provider (PAYMENT_PROVIDER=test, the default without Stripe keys): the "hosted"
 * checkout is a page of this app (test-checkout-routes.ts), reached by a same-origin path so the
 * shopper stays on the origin that holds the cart.
 */
export function createTestPaymentProvider(): PaymentProvider & {
  /** Refunds by idempotency key: the order, the amount and the refund id (tests read it). */
  readonly refunds: ReadonlyMap<string, { orderId: string; amountCents: number; refundId: string }>;
} {
  const refunds = new Map<string, { orderId: string; amountCents: number; refundId: string }>();
  return {
    refunds,
    name: 'test',
    createCheckoutSession() {
      const sessionId = newTestSessionId();
      return Promise.resolve({ sessionId, url: buildPath(testCheckoutPage.path, { sessionId }) });
    },
    refund({ orderId, amountCents, idempotencyKey }) {
      // No money moved, so there is nothing to give back: the refund is recorded on the order
      // (refund_reference, refunded amounts) and in its timeline. One refund id per key, however
      // often asked; the first refund of an order keeps the id it always had.
      const known = refunds.get(idempotencyKey);
      if (known !== undefined) return Promise.resolve({ refundId: known.refundId });
      const sequence = /-(\d+)$/.exec(idempotencyKey.slice(`mingo-refund-${orderId}`.length))?.[1];
      const refundId = `test_re_${orderId.replace(/-/g, '')}${sequence === undefined ? '' : `_${sequence}`}`;
      refunds.set(idempotencyKey, { orderId, amountCents, refundId });
      return Promise.resolve({ refundId });
    },
  };
}
