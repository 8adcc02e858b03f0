import type { FastifyPluginAsync } from 'fastify';
import { stripeWebhook } from '../../shared/orders';
import { AppError, badRequest, notFound } from '../errors';
import { applyPaymentEvent } from '../orders/fulfilment';
import { isStripeProvider } from '../payments/create-payment-provider';
import { WebhookSignatureError } from '../payments/stripe-provider';
import type { PaymentRouteOptions } from './checkout';

/**
 * Stripe's webhook. The signature covers the exact bytes Stripe sent, so this plugin (and only
 * this one: Fastify encapsulates content-type parsers) keeps every body as a raw Buffer.
 */
export const webhookRoutes: FastifyPluginAsync<PaymentRouteOptions> = async (app, { ctx, payments }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(stripeWebhook.path, { config: { access: 'webhook' } }, async (request) => {
    if (!isStripeProvider(payments)) throw notFound('Stripe webhooks are not enabled: PAYMENT_PROVIDER is not stripe.');
    if (!Buffer.isBuffer(request.body)) throw badRequest('Expected the raw webhook body.');
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = payments.parseWebhook(request.body, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'stripe webhook refused: bad signature');
        throw new AppError(400, 'bad_request', 'Invalid webhook signature.');
      }
      throw error;
    }
    if (event === null) return { received: true };
    const result = await applyPaymentEvent(ctx.database.db, event);
    request.log.info({ eventId: event.eventId, type: event.type, sessionId: event.sessionId, result }, 'stripe webhook processed');
    return { received: true };
  });
};
