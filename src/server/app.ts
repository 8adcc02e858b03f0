import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import type { Config } from './config';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/database';
import { registerErrorHandler } from './error-handler';
import { healthRoutes } from './routes/health';
import { registerSecurity } from './security';
import { registerStaticSite } from './static-site';

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
};

/** Routes under these prefixes are the app's API and must declare who may call them. */
const GUARDED_PREFIXES = ['/api', '/media', '/checkout'];

/**
 * Builds the HTTP application without listening. Plugins are registered in a fixed order:
 * external (security, compression) → app (error handling, access rules) → routes → static site.
 * The database handle is owned by the caller; closing the app closes it too.
 */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  const ctx: AppContext = { config, database };

  app.addHook('onRoute', (route) => {
    const guarded = GUARDED_PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`));
    if (guarded && route.config?.access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access`);
    }
  });
  app.addHook('onClose', async () => {
    await database.close();
  });

  await registerSecurity(app, config.trustedOrigins);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerErrorHandler(app);

  await app.register(healthRoutes, { ctx });

  await registerStaticSite(app, config.staticDir);
  return app;
}
