import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { z } from 'zod';
import { checkoutReturnPaths } from '../../shared/page-meta';
import { safeText } from '../../shared/text';
import { RefundDeclinedError, type PaymentEvent, type PaymentOutcome, type PaymentProvider } from './payment-provider';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 for a fake Stripe server in tests; Stripe's own API when unset. */
  apiBase: string | undefined;
  publicUrl: string;
  shipCountries: string[];
};

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A correctly signed event that does not have the shape fulfilment needs (answered 400). */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookPayloadError';
  }
}

const ShippingDetailsSchema = z
  .object({
    name: safeText().max(200).nullish(),
    address: z
      .object({
        line1: safeText().max(200).nullish(),
        line2: safeText().max(200).nullish(),
        city: safeText().max(200).nullish(),
        state: safeText().max(200).nullish(),
        postal_code: safeText().max(40).nullish(),
        country: safeText().max(2).nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose()
  .nullish();

/** The fields of a checkout-session event that fulfilment reads, checked before use. */
const SessionEventSchema = z.object({
  id: safeText().min(1).max(255),
  type: z.string(),
  data: z.object({
    object: z
      .object({
        id: safeText().min(1).max(255),
        metadata: z.record(z.string(), safeText().max(500)).nullish(),
        customer_details: z
          .object({ email: safeText().max(254).nullish() })
          .loose()
          .nullish(),
        payment_status: z.string().nullish(),
        amount_total: z.number().int().min(0).nullish(),
        // Written into the order's timeline when it does not match.
        currency: safeText().max(10).nullish(),
        total_details: z
          .object({ amount_tax: z.number().int().min(0).nullish() })
          .loose()
          .nullish(),
        collected_information: z.object({ shipping_details: ShippingDetailsSchema }).loose().nullish(),
        // Webhook API versions before 2025-03-31.basil put the address here.
        shipping_details: ShippingDetailsSchema,
        payment_intent: z.union([safeText().max(255), z.object({ id: safeText().max(255) }).loose()]).nullish(),
      })
      .loose(),
  }),
});

function clientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (apiBase === undefined) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...options, host: url.hostname, port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port), protocol };
}

/** Stripe's answer to a request whose idempotency key another request is still using. */
const KEY_IN_USE_STATUS = 409;
/** Our retries of such a request, after the SDK's own (which retry a 409 twice, for ~1.5 s). */
const KEY_IN_USE_RETRIES = 4;
const KEY_IN_USE_PAUSE_MS = 1000;

const statusOf = (error: unknown): number | undefined =>
  error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;

/**
 * Stripe answered, and with a refusal that a retry would not change (a 4xx other than "key in
 * use" and "rate limited"): the request did nothing.
 */
function isStripeRefusal(error: unknown): error is Error {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500 && status !== KEY_IN_USE_STATUS && status !== 429;
}

/**
 * Repeats `request` while Stripe answers 409 because a concurrent request with the same
 * idempotency key (a second click, another instance) is still running: once that one is done,
 * Stripe answers ours with its result.
 */
async function whileKeyInUse<T>(request: () => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await request();
    } catch (error) {
      if (statusOf(error) !== KEY_IN_USE_STATUS || retry >= KEY_IN_USE_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, KEY_IN_USE_PAUSE_MS));
    }
  }
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

function outcomeOf(type: SessionEventType, session: { payment_status?: string | null | undefined }): PaymentOutcome | null {
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
  const checked = SessionEventSchema.safeParse(event);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new WebhookPayloadError(`Unexpected ${event.type} event: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
  }
  const session = checked.data.data.object;
  const orderId = session.metadata?.order_id;
  const email = session.customer_details?.email ?? undefined;
  const outcome = outcomeOf(event.type as SessionEventType, session);
  const amountTax = session.total_details?.amount_tax;
  const shipping = session.collected_information?.shipping_details ?? session.shipping_details;
  const address = shipping?.address;
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
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
    ...(outcome === 'paid' && typeof session.amount_total === 'number'
      ? { charged: { amountCents: session.amount_total, taxCents: amountTax ?? 0, currency: (session.currency ?? '').toLowerCase() } }
      : {}),
    ...(address?.line1 === undefined || address.line1 === null
      ? {}
      : {
          shippingAddress: {
            name: shipping?.name ?? '',
            line1: address.line1,
            line2: address.line2 ?? null,
            city: address.city ?? '',
            state: address.state ?? null,
            postalCode: address.postal_code ?? '',
            country: address.country ?? '',
          },
        }),
    ...(paymentIntent === undefined ? {} : { paymentReference: paymentIntent }),
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
  // Loaded here, only when Stripe is the configured provider: the SDK is large and the test
  // provider never needs it.
  const StripeClient = createRequire(import.meta.url)('stripe') as typeof Stripe;
  const stripe = new StripeClient(settings.secretKey, clientOptions(settings.apiBase));
  return {
    name: 'stripe',
    async createCheckoutSession({ orderId, items, totals, expiresAt }) {
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
        shipping_address_collection: {
          allowed_countries: settings.shipCountries as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
        },
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
        // The order's stock is reserved until then (decision 171); Stripe sends checkout.session.expired.
        expires_at: Math.floor(expiresAt.getTime() / 1000),
        success_url: `${settings.publicUrl}${checkoutReturnPaths.stripeSuccess}`,
        cancel_url: `${settings.publicUrl}${checkoutReturnPaths.cancel}`,
        client_reference_id: orderId,
        metadata: { order_id: orderId },
        payment_intent_data: { metadata: { order_id: orderId } },
      };
      // One order, one session: a retried request (ours or the SDK's) gets the same session back.
      const session = await stripe.checkout.sessions.create(params, { idempotencyKey: `mingo-checkout-${orderId}` });
      if (session.url === null) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },

    async refund({ orderId, sessionId, paymentReference, amountCents, rest, idempotencyKey }) {
      try {
        let paymentIntent = paymentReference;
        if (paymentIntent === null && sessionId !== null) {
          const session = await stripe.checkout.sessions.retrieve(sessionId);
          paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
        }
        if (paymentIntent === null) throw new RefundDeclinedError(`order ${orderId} has no Stripe payment to refund`);
        const intent = paymentIntent;
        // One key per refund: concurrent or repeated requests get Stripe's first answer back. The
        // rest of the payment without an amount (Stripe refunds what is left of the charge);
        // a part with exactly its amount.
        const refund = await whileKeyInUse(() =>
          stripe.refunds.create(
            { payment_intent: intent, metadata: { order_id: orderId }, ...(rest ? {} : { amount: amountCents }) },
            { idempotencyKey },
          ),
        );
        return { refundId: refund.id };
      } catch (error) {
        if (error instanceof RefundDeclinedError || !isStripeRefusal(error)) throw error;
        throw new RefundDeclinedError(error.message, { cause: error });
      }
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
