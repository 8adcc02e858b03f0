import type { FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitPluginOptions } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Config } from './config';
import type { DatabaseHandle, Db } from './db/database';

/**
 * Where the per-route request limits (`config.rateLimit`, e.g. checkout) are counted:
 * - Redis when REDIS_URL is set,
 * - PostgreSQL when DATABASE_URL is set (every app process shares the counters),
 * - process memory for the embedded single process (PGlite).
 * Decision 111.
 */
export type RateLimitStoreKind = 'redis' | 'postgres' | 'memory';

export function rateLimitStoreKind(config: Pick<Config, 'redisUrl'>, database: Pick<DatabaseHandle, 'kind'>): RateLimitStoreKind {
  if (config.redisUrl !== undefined) return 'redis';
  return database.kind === 'postgres' ? 'postgres' : 'memory';
}

/** Expired counters are deleted by one hit in this many (a cheap, self-paced sweep). */
const SWEEP_EVERY = 1000;

type Hit = { current: number; ttl: number };

/**
 * One hit on `key`: a single atomic statement starts a fixed window of `windowMs` or counts into
 * the current one, and returns the count and the milliseconds left in the window. Concurrent hits
 * from several processes serialise on the row.
 */
export async function hitPostgres(db: Db, key: string, windowMs: number): Promise<Hit> {
  const result = await sql<{ current: number; ttl: number }>`
    insert into rate_limit_hits as hits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when hits.reset_at <= now() then 1 else hits.count + 1 end,
      reset_at = case when hits.reset_at <= now() then excluded.reset_at else hits.reset_at end
    returning count as current, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`.execute(db);
  const row = result.rows[0];
  if (row === undefined) throw new Error('rate limit: no row returned');
  return { current: Number(row.current), ttl: Number(row.ttl) };
}

export async function sweepExpiredHits(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('reset_at', '<', sql<Date>`now()`)
    .execute();
}

/** A @fastify/rate-limit store class counting in PostgreSQL through `db`. */
export function postgresRateLimitStore(db: Db, onSweepError: (error: unknown) => void): FastifyRateLimitStoreCtor {
  let hits = 0;
  const storeFor = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      hits += 1;
      if (hits % SWEEP_EVERY === 0) sweepExpiredHits(db).catch(onSweepError);
      hitPostgres(db, `${prefix}${key}`, timeWindow).then(
        (hit) => callback(null, hit),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
    child: (routeOptions) => {
      // The plugin passes the route as `routeInfo` (its types omit it); the Redis store keys the same way.
      const { routeInfo } = routeOptions as unknown as { routeInfo: { method: string; url: string } };
      return storeFor(`${prefix}${routeInfo.method}${routeInfo.url}-`);
    },
  });
  return class PostgresRateLimitStore {
    constructor() {
      return storeFor('mingo-rl-');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Registers @fastify/rate-limit (opt-in per route, keyed by request.ip) with the store for this
 * deployment. A store that cannot be reached lets the request through (`skipOnError`): the limit
 * protects against floods; it must not take checkout down with Redis or a database hiccup.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl'>,
  database: DatabaseHandle,
): Promise<RateLimitStoreKind> {
  const kind = rateLimitStoreKind(config, database);
  const options: RateLimitPluginOptions = { global: false, skipOnError: true };
  if (kind === 'redis' && config.redisUrl !== undefined) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: true });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis connection error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    options.redis = redis;
    options.nameSpace = 'mingo-rl-';
  } else if (kind === 'postgres') {
    options.store = postgresRateLimitStore(database.db, (error) => app.log.warn({ err: error }, 'rate limit sweep failed'));
  }
  await app.register(rateLimit, options);
  return kind;
}
