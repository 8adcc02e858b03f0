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
export function createTestPaymentProvider(): PaymentProvider & { readonly refunds: ReadonlyMap<string, number> } {
  const refunds = new Map<string, number>();
  return {
    refunds,
    name: 'test',
    createCheckoutSession() {
      const sessionId = newTestSessionId();
      return Promise.resolve({ sessionId, url: buildPath(testCheckoutPage.path, { sessionId }) });
    },
    refund({ orderId, amountCents }) {
      // No money moved, so there is nothing to give back: the refund is recorded on the order
      // (refund_reference) and in its timeline. One order, one refund id, however often asked.
      refunds.set(orderId, amountCents);
      return Promise.resolve({ refundId: `test_re_${orderId.replace(/-/g, '')}` });
    },
  };
}
