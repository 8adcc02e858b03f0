import type { FastifyPluginAsync } from 'fastify';
import { completeSetup } from '../../shared/setup';
import { completeFirstAdminSetup } from '../auth/first-admin';
import type { RouteOptions } from '../context';
import { route } from '../route';

/** First-admin set-up from the one-time link logged at start (decision 070). */
export const setupRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  route(app, completeSetup, { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } }, async ({ body }) =>
    completeFirstAdminSetup(ctx, body),
  );
};
