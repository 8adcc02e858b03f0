import type { FastifyPluginAsync } from 'fastify';
import { checkoutLimits, createCheckoutSession } from '../../shared/orders';
import type { RouteOptions } from '../context';
import { startCheckout } from '../orders/checkout';
import type { PaymentProvider } from '../payments/payment-provider';
import { route } from '../route';

export type PaymentRouteOptions = RouteOptions & { payments: PaymentProvider };

/** Each call stores a pending order and opens a provider session: limit it per client. */
export const CHECKOUT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/** CHECKOUT: the cart in, the provider's checkout url out (decision 050). */
export const checkoutRoutes: FastifyPluginAsync<PaymentRouteOptions> = async (app, { ctx, payments }) => {
  const limits = ctx.config.checkoutLimits;
  route(app, createCheckoutSession, { access: 'public', rateLimit: CHECKOUT_RATE_LIMIT }, async ({ body, request }) =>
    startCheckout({ db: ctx.database.db, payments, log: request.log, limits, clientAddress: request.ip }, body),
  );

  // The caps the cart applies before it sends anything (the server checks them all the same).
  route(app, checkoutLimits, { access: 'public' }, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return limits;
  });
};
