import Stripe from 'stripe';
import type { PaymentEvent, PaymentOutcome, PaymentProvider } from './payment-provider';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 for a fake Stripe server in tests; Stripe's own API when unset. */
  apiBase: string | undefined;
  publicUrl: string;
};

/** Stripe's checkout success URL: Stripe fills in the session id. */
export const SUCCESS_PATH = '/success?session_id={CHECKOUT_SESSION_ID}';
export const CANCEL_PATH = '/cancel';

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

function clientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (apiBase === undefined) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...options, host: url.hostname, port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port), protocol };
}

type SessionEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

const SESSION_EVENTS = new Set<string>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

function outcomeOf(type: SessionEventType, session: Stripe.Checkout.Session): PaymentOutcome | null {
  switch (type) {
    case 'checkout.session.completed':
      // A delayed payment method completes the session unpaid; async_payment_succeeded follows.
      return session.payment_status === 'paid' ? 'paid' : null;
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'payment_failed';
    case 'checkout.session.expired':
      return 'expired';
  }
}

/** The checkout-session events fulfilment acts on, in provider-neutral terms; null for any other event. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  if (!SESSION_EVENTS.has(event.type)) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.metadata?.order_id;
  const email = session.customer_details?.email ?? undefined;
  const outcome = outcomeOf(event.type as SessionEventType, session);
  const amountTax = session.total_details?.amount_tax;
  return {
    provider: 'stripe',
    eventId: event.id,
    type: event.type,
    sessionId: session.id,
    ...(orderId === undefined ? {} : { orderId }),
    outcome,
    ...(email === undefined || email === null ? {} : { customerEmail: email }),
    ...(outcome === 'paid' && typeof session.amount_total === 'number' && typeof amountTax === 'number'
      ? { finalAmounts: { taxCents: amountTax, totalCents: session.amount_total } }
      : {}),
  };
}

export type StripePaymentProvider = PaymentProvider & {
  readonly name: 'stripe';
  /** Verifies the signature (default tolerance) and maps the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent | null;
};

/**
 * Stripe Checkout: a hosted payment page for a session priced from the database. The delivery
 * fee travels as a fixed shipping rate and Stripe computes the tax (automatic_tax), so the
 * amount charged can differ from the shop's estimate by the tax; fulfilment stores Stripe's
 * final amounts.
 */
export function createStripePaymentProvider(settings: StripeSettings): StripePaymentProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiBase));
  return {
    name: 'stripe',
    async createCheckoutSession({ orderId, items, totals }) {
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        currency: 'usd',
        line_items: items.map((item) => ({
          quantity: item.quantity,
          price_data: {
            currency: 'usd',
            unit_amount: item.unitPriceCents,
            tax_behavior: 'exclusive',
            product_data: {
              name: item.productName,
              ...(item.optionsText === '' ? {} : { description: item.optionsText }),
              metadata: { product_code: item.productCode },
            },
          },
        })),
        shipping_address_collection: { allowed_countries: ['US'] },
        shipping_options: [
          {
            shipping_rate_data: {
              type: 'fixed_amount',
              display_name: totals.deliveryCents === 0 ? 'Free delivery' : 'Delivery',
              fixed_amount: { amount: totals.deliveryCents, currency: 'usd' },
              tax_behavior: 'exclusive',
            },
          },
        ],
        automatic_tax: { enabled: true },
        success_url: `${settings.publicUrl}${SUCCESS_PATH}`,
        cancel_url: `${settings.publicUrl}${CANCEL_PATH}`,
        client_reference_id: orderId,
        metadata: { order_id: orderId },
        payment_intent_data: { metadata: { order_id: orderId } },
      };
      // One order, one session: a retried request (ours or the SDK's) gets the same session back.
      const session = await stripe.checkout.sessions.create(params, { idempotencyKey: `mingo-checkout-${orderId}` });
      if (session.url === null) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },

    parseWebhook(rawBody, signature) {
      if (signature === undefined || signature === '') throw new WebhookSignatureError('Missing Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature.');
      }
      return toPaymentEvent(event);
    },
  };
}
