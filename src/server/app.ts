import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config';
import { registerAuth } from './auth/plugin';
import { registerRouteRegistry } from './auth/route-registry';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/database';
import { registerErrorHandler } from './error-handler';
import { createStorage } from './media/create-storage';
import type { MediaStorage } from './media/storage';
import { createPaymentProvider } from './payments/create-payment-provider';
import { testCheckoutRoutes } from './payments/test-checkout-routes';
import { checkoutRoutes } from './routes/checkout';
import { clipRoutes } from './routes/clips';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { orderRoutes } from './routes/orders';
import { productRoutes } from './routes/products';
import { staffRoutes } from './routes/staff';
import { webhookRoutes } from './routes/webhooks';
import { registerSecurity } from './security';
import { registerStaticSite } from './static-site';

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to the storage configured in `config`; closed with the app like the database. */
  storage?: MediaStorage;
  logger?: FastifyServerOptions['logger'];
};

/** Routes under these prefixes are the app's API and must declare who may call them. */
const GUARDED_PREFIXES = ['/api', '/media', '/checkout'];

/**
 * Builds the HTTP application without listening. Plugins are registered in a fixed order:
 * external (security, compression) → app (error handling, access rules) → routes → static site.
 * The database handle is owned by the caller; closing the app closes it too.
 */
export async function buildApp({ config, database, storage = createStorage(config.storage), logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  const ctx: AppContext = { config, database, storage };

  app.addHook('onRoute', (route) => {
    const guarded = GUARDED_PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`));
    if (guarded && route.config?.access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access`);
    }
  });
  registerRouteRegistry(app);
  app.addHook('onClose', async () => {
    await database.close();
    await storage.close();
  });

  await registerSecurity(app, config.trustedOrigins);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Opt-in per route (`config.rateLimit`), keyed by request.ip (the socket unless TRUST_PROXY).
  await app.register(rateLimit, { global: false });
  registerErrorHandler(app);
  registerAuth(app, ctx);

  await app.register(healthRoutes, { ctx });
  await app.register(staffRoutes, { ctx });
  await app.register(productRoutes, { ctx });
  await app.register(clipRoutes, { ctx });
  await app.register(mediaRoutes, { ctx });
  const payments = createPaymentProvider(config);
  await app.register(checkoutRoutes, { ctx, payments });
  await app.register(orderRoutes, { ctx });
  await app.register(webhookRoutes, { ctx, payments });
  await app.register(testCheckoutRoutes, { ctx, payments });

  await registerStaticSite(app, config.staticDir);
  return app;
}
