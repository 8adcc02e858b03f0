import type { FastifyPluginAsync } from 'fastify';
import { createCheckoutSession } from '../../shared/orders';
import type { RouteOptions } from '../context';
import { parseCheckoutBody, startCheckout } from '../orders/checkout';
import type { PaymentProvider } from '../payments/payment-provider';

export type PaymentRouteOptions = RouteOptions & { payments: PaymentProvider };

/** Each call stores a pending order and opens a provider session: limit it per client. */
export const CHECKOUT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/** CHECKOUT: the cart in, the provider's checkout url out (decision 050). */
export const checkoutRoutes: FastifyPluginAsync<PaymentRouteOptions> = async (app, { ctx, payments }) => {
  app.post(createCheckoutSession.path, { config: { access: 'public', rateLimit: CHECKOUT_RATE_LIMIT } }, async (request) => {
    const lines = parseCheckoutBody(request.body);
    return startCheckout({ db: ctx.database.db, payments, log: request.log }, lines);
  });
};
