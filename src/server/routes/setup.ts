import type { FastifyPluginAsync } from 'fastify';
import { completeSetup, setupStatus } from '../../shared/setup';
import { adminExists, completeFirstAdminSetup } from '../auth/first-admin';
import type { RouteOptions } from '../context';
import { route } from '../route';

/** First-admin set-up from the one-time link logged at start (decision 070). */
export const setupRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  route(app, completeSetup, { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } }, async ({ body }) =>
    completeFirstAdminSetup(ctx, body),
  );
  // Lets the setup page say a used link has been used instead of showing the form (no token
  // needed: whether an admin exists is no secret on a running site).
  route(app, setupStatus, { access: 'public' }, async () => ({ open: !(await adminExists(ctx.database.db)) }));
};
