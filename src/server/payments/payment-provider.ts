import type { Totals } from '../../domain/pricing';
import type { PaymentProviderName, ShippingAddress } from '../../shared/orders';

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
  /** When the session stops being payable: its stock is reserved until then (decision 171). */
  expiresAt: Date;
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
  /** What the provider actually charged, when it says so: checked against the order before it is paid. */
  charged?: { amountCents: number; taxCents: number; currency: string };
  /** Where to ship, as collected by the provider's checkout. */
  shippingAddress?: ShippingAddress;
  /** The provider's id of the payment (Stripe's PaymentIntent), needed to refund it. */
  paymentReference?: string;
};

export type RefundRequest = {
  orderId: string;
  sessionId: string | null;
  paymentReference: string | null;
  /** What this refund gives back (prices from the database; decision 192). */
  amountCents: number;
  /**
   * Everything the payment has left (a whole refund, or the last units after partial ones): the
   * provider refunds the rest of the charge. Otherwise exactly `amountCents`.
   */
  rest: boolean;
  /** The same for every attempt of one refund, different for each refund of an order. */
  idempotencyKey: string;
};

/**
 * The provider answered and did not refund (e.g. nothing to refund, or the payment is unknown to
 * it): the money certainly did not move. Any other error of `refund()` leaves that open.
 */
export class RefundDeclinedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RefundDeclinedError';
  }
}

export type PaymentProvider = {
  readonly name: PaymentProviderName;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Refunds an order's payment, all that is left or a part. Idempotent per `idempotencyKey`: a
   * repeat (or a concurrent request) gets the same refund back, never a second one. Throws
   * RefundDeclinedError when the provider answered that it will not refund; any other error
   * means the outcome is unknown.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
};
