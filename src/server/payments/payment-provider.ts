import type { Totals } from '../../domain/pricing';
import type { PaymentProviderName } from '../../shared/orders';

/** One line of a checkout session, priced from the database. */
export type CheckoutItem = {
  productName: string;
  productCode: string;
  unitPriceCents: number;
  quantity: number;
  /** e.g. "Size M · Red", empty when the product has no options. */
  optionsText: string;
};

export type CheckoutRequest = {
  orderId: string;
  items: CheckoutItem[];
  totals: Totals;
};

/** Where to send the shopper (absolute for Stripe, same-origin path for the test provider). */
export type CheckoutSession = { sessionId: string; url: string };

/**
 * What a payment provider tells us about a checkout session, in provider-neutral terms.
 * `outcome` null: an event we record but that changes nothing (e.g. a session completed with
 * an asynchronous payment still under way).
 */
export type PaymentOutcome = 'paid' | 'payment_failed' | 'expired' | 'cancelled';

export type PaymentEvent = {
  provider: PaymentProviderName;
  /** Unique per event: the idempotency key of fulfilment. */
  eventId: string;
  type: string;
  sessionId: string;
  /** The order id the session was created for (Stripe metadata), when known. */
  orderId?: string;
  outcome: PaymentOutcome | null;
  customerEmail?: string;
  /** The provider's final amounts (Stripe computes the tax), when known. */
  finalAmounts?: { taxCents: number; totalCents: number };
};

export type PaymentProvider = {
  readonly name: PaymentProviderName;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
};
