import { randomBytes } from 'node:crypto';
import { buildPath } from '../../shared/contract';
import { testCheckoutPaths } from '../../shared/orders';
import type { PaymentProvider } from './payment-provider';

/** Session ids of the test provider: unguessable, since /api/orders/by-session is public. */
export function newTestSessionId(): string {
  return `test_cs_${randomBytes(24).toString('base64url').replace(/-/g, 'A')}`;
}

/**
 * The built-in provider (PAYMENT_PROVIDER=test, the default without Stripe keys): the "hosted"
 * checkout is a page of this app (test-checkout-routes.ts), reached by a same-origin path so the
 * shopper stays on the origin that holds the cart.
 */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    createCheckoutSession() {
      const sessionId = newTestSessionId();
      return Promise.resolve({ sessionId, url: buildPath(testCheckoutPaths.page, { sessionId }) });
    },
  };
}
