import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import type { Config } from './config';
import { registerAuth } from './auth/plugin';
import { createPublicCache } from './cache/public-cache';
import { registerRouteRegistry } from './auth/route-registry';
import { startMediaSweep } from './clips/media-sweep';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/database';
import { registerBodyTimeout } from './body-timeout';
import { missingMigrations, UnmigratedDatabaseError } from './db/migrate';
import { registerDrain } from './drain';
import { registerJsonBody } from './json-body';
import { withRedactedRequests } from './request-log';
import { uriTooLong } from '../shared/errors';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './error-handler';
import { createStorage } from './media/create-storage';
import type { MediaStorage } from './media/storage';
import { createMailer } from './mail/mailer';
import { startOrderSweep } from './orders/order-sweep';
import { startMailWorker } from './orders/order-outbox';
import { createOrderService } from './orders/order-lifecycle';
import { createPaymentProvider } from './payments/create-payment-provider';
import { testCheckoutRoutes } from './payments/test-checkout-routes';
import { boardRoutes } from './routes/boards';
import { checkoutRoutes } from './routes/checkout';
import { clipRoutes } from './routes/clips';
import { healthRoutes } from './routes/health';
import { leagueRoutes } from './routes/leagues';
import { mediaRoutes } from './routes/media';
import { orderRoutes } from './routes/orders';
import { pageRoutes } from './pages/page-routes';
import { loadSitePages } from './pages/site-pages';
import { productRoutes } from './routes/products';
import { setupRoutes } from './routes/setup';
import { staffRoutes } from './routes/staff';
import { webhookRoutes } from './routes/webhooks';
import { registerRateLimit } from './rate-limit-store';
import { registerSecurity } from './security';
import { registerStaticSite } from './static-site';
import { apiDocsRoutes } from './routes/api-docs';
import { lazySchemaCompilers } from './schema-compilers';

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to the storage configured in `config`; closed with the app like the database. */
  storage?: MediaStorage;
  logger?: FastifyServerOptions['logger'];
  /** How long a request body may take to arrive whole (BODY_TIMEOUT_MS; tests shorten it). */
  bodyTimeoutMs?: number;
  /**
   * The database's start-up (bootstrap.ts, prepareDatabase): called as soon as the app has its
   * logger, and must bring the schema up to date. The app is set up meanwhile, while PGlite may
   * still be opening (decision 208), and sends no query of its own before it ends. With it, the
   * app is also made ready (nothing can be added to it afterwards); without it, the app checks
   * that the database it is given is migrated.
   */
  startup?: (log: FastifyBaseLogger) => Promise<unknown>;
};

async function checkMigrated(database: DatabaseHandle): Promise<void> {
  const missing = await missingMigrations(database.db);
  if (missing.length > 0) throw new UnmigratedDatabaseError(missing);
}

/**
 * Fastify's trustProxy from TRUST_PROXY (decision 070). A hop count trusts that many addresses
 * counted from the socket, so the client is the entry that many places from the right of
 * X-Forwarded-For (Fastify itself refuses numbers); addresses/CIDRs go to Fastify as they are.
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Longest silence between two bytes of a connection, either way (see buildApp). */
export const IDLE_TIMEOUT_MS = 15_000;
/** Longest time a request body may take to arrive, streamed uploads excepted (body-timeout.ts). */
export const BODY_TIMEOUT_MS = 30_000;
/** Longest time the request line and headers may take. */
export const HEADERS_TIMEOUT_MS = 10_000;

/**
 * Longest request target (path and query) served, nginx's default buffer: a longer one is answered
 * 414 before routing, rather than by whatever the route it falls to makes of it (the static
 * files' 403).
 */
export const MAX_URL_LENGTH = 8 * 1024;

/** Routes under these prefixes are the app's API and must declare who may call them. */
const GUARDED_PREFIXES = ['/api', '/media', '/checkout'];

/**
 * Builds the HTTP application without listening, over a migrated database (UnmigratedDatabaseError
 * otherwise). Plugins are registered in a fixed order: external (security, compression) → app
 * (error handling, access rules) → routes → static site. The database handle is owned by the
 * caller; closing the app closes it too.
 */
export async function buildApp({
  config,
  database,
  storage = createStorage(config.storage),
  logger,
  bodyTimeoutMs = BODY_TIMEOUT_MS,
  startup,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withRedactedRequests(logger ?? { level: config.logLevel }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // Slow clients (decision 070): a connection idle for 15 s between bytes is closed; headers
    // must arrive within 10 s (checked every second, not Node's default 30 s) and a body within
    // 30 s (registerBodyTimeout), except a streamed upload: one of any size that keeps sending
    // bytes is never cut by a total time limit. Node's own requestTimeout would cut uploads too.
    connectionTimeout: IDLE_TIMEOUT_MS,
    requestTimeout: 0,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    keepAliveTimeout: 5_000,
    // drain.ts answers requests that arrive while closing, in the app's error shape
    // (Fastify's own 503 body is not `{ error: { code, message } }` and cannot be changed).
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
    schemaController: { compilersFactory: lazySchemaCompilers() },
  });
  // Never serve over an old schema (better-auth checks it once, on first use): the start-up brings
  // it up to date, or else it is checked. Awaited once the app is set up, which sends no query
  // before (app.test.ts).
  const started = startup === undefined ? checkMigrated(database) : startup(app.log);
  started.catch(() => undefined);
  const publicCache = await createPublicCache(database, app.log);
  app.decorate('drain', registerDrain(app, config.shutdownDrainMs));
  const ctx: AppContext = { config, database, storage, publicCache };

  app.addHook('onRoute', (route) => {
    const guarded = GUARDED_PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`));
    if (guarded && route.config?.access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access`);
    }
  });
  registerRouteRegistry(app);
  // The caller's until the app is built (an unmigrated database stays open for it).
  let ownsDatabase = true;
  app.addHook('onClose', async () => {
    await publicCache.close();
    if (!ownsDatabase) return;
    await database.close();
    await storage.close();
  });

  // First, so that a request refused by any later hook still has its body deadline.
  registerBodyTimeout(app, bodyTimeoutMs);
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.length > MAX_URL_LENGTH ? uriTooLong('The request address is too long.') : undefined);
  });
  // Inherited by every plugin registered below: JSON bodies within the route's limit and nesting bound.
  registerJsonBody(app);
  registerSecurity(app, config.trustedOrigins, { hsts: new URL(config.publicUrl).protocol === 'https:' });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Opt-in per route (`config.rateLimit`), keyed by request.ip (the socket unless TRUST_PROXY),
  // counted where every instance sees it (PostgreSQL or Redis; memory for the embedded database).
  await registerRateLimit(app, config, database);
  registerErrorHandler(app);
  registerAuth(app, ctx);

  await app.register(healthRoutes, { ctx });
  await app.register(staffRoutes, { ctx });
  await app.register(setupRoutes, { ctx });
  await app.register(productRoutes, { ctx });
  await app.register(boardRoutes, { ctx });
  await app.register(leagueRoutes, { ctx });
  await app.register(clipRoutes, { ctx });
  await app.register(mediaRoutes, { ctx });
  const payments = createPaymentProvider(config);
  const mailer = createMailer(config.mail, app.log);
  // Every instance sends the outbox in the background; requests only queue (decision 172).
  const mailWorker = startMailWorker(database.db, mailer, app.log, config.mail);
  const orders = createOrderService({ db: database.db, payments, log: app.log, onEmailQueued: mailWorker.wake });
  await app.register(checkoutRoutes, { ctx, payments });
  await app.register(orderRoutes, { ctx, orders });
  await app.register(webhookRoutes, { ctx, payments, orders });
  await app.register(testCheckoutRoutes, { ctx, payments, orders });
  await app.register(apiDocsRoutes, { ctx });
  if (config.orderSweepMs > 0) {
    const sweep = startOrderSweep(orders, config.orderSweepMs, app.log);
    // preClose runs before the onClose hook that closes the database.
    app.addHook('preClose', () => sweep.stop());
  }
  // preClose: the worker's last send finishes (or times out) before the database closes.
  app.addHook('preClose', () => mailWorker.stop());
  app.addHook('onClose', () => {
    mailer.close();
  });
  // Media of uploads cut short by a process that died (any instance's), see clips/pending-media.ts.
  const mediaSweep = startMediaSweep(ctx, app.log);
  app.addHook('preClose', () => mediaSweep.stop());

  const site = loadSitePages(config.staticDir, config.publicUrl);
  if (site !== undefined) await app.register(pageRoutes, { ctx, site });
  await registerStaticSite(app, config.staticDir, site);
  try {
    // The server's app is complete once built: Fastify's own start (its plugins' onReady hooks,
    // none of which queries) runs while the database work still runs; listen() then only binds.
    // Tests, which build without a start-up, may still add routes.
    if (startup !== undefined) await app.ready();
    await started;
  } catch (error) {
    ownsDatabase = false;
    await app.close();
    throw error;
  }
  return app;
}
