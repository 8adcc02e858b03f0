import type { FastifyPluginAsync } from 'fastify';
import { stripeWebhook } from '../../shared/orders';
import { invalidEvent, invalidSignature, notFound, validationFailed } from '../../shared/errors';
import { applyPaymentEvent } from '../orders/fulfilment';
import { isStripeProvider } from '../payments/create-payment-provider';
import { WebhookPayloadError, WebhookSignatureError } from '../payments/stripe-provider';
import { route } from '../route';
import type { OrderService } from '../orders/order-lifecycle';
import type { PaymentRouteOptions } from './checkout';

/**
 * Stripe's webhook. The signature covers the exact bytes Stripe sent, so this plugin (and only
 * this one: Fastify encapsulates content-type parsers) keeps every body as a raw Buffer, and the
 * endpoint's body format is `raw`: the handler reads `request.body` as those bytes.
 */
export const webhookRoutes: FastifyPluginAsync<PaymentRouteOptions & { orders: OrderService }> = async (app, { ctx, payments, orders }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  route(app, stripeWebhook, { access: 'webhook' }, async ({ headers, request }) => {
    if (!isStripeProvider(payments)) throw notFound('Stripe webhooks are not enabled: PAYMENT_PROVIDER is not stripe.');
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw validationFailed('Expected the raw webhook body.');
    let event;
    try {
      event = payments.parseWebhook(raw, headers['stripe-signature']);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'stripe webhook refused: bad signature');
        throw invalidSignature();
      }
      if (error instanceof WebhookPayloadError) {
        request.log.warn({ reason: error.message }, 'stripe webhook refused: unexpected event shape');
        throw invalidEvent();
      }
      throw error;
    }
    if (event === null) return { received: true as const };
    const result = await applyPaymentEvent(ctx.database.db, event);
    request.log.info({ eventId: event.eventId, type: event.type, sessionId: event.sessionId, result }, 'stripe webhook processed');
    // The receipt was queued in the fulfilment transaction (once per order); the mail worker
    // sends it, so Stripe's acknowledgement never waits for an SMTP server.
    orders.emailQueued();
    return { received: true as const };
  });
};
