import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/database';
import { hitPostgres, postgresRateLimitStore, rateLimitStoreKind, sweepExpiredHits } from './rate-limit-store';
import { createTestDatabase } from '../../tests/support/test-app';

describe('the PostgreSQL rate-limit store', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('counts hits in a fixed window and reports the time left', async () => {
    const started = Date.now();
    const first = await hitPostgres(database.db, 'count-test', 60_000);
    const second = await hitPostgres(database.db, 'count-test', 60_000);
    const elapsed = Date.now() - started;
    expect(first.current).toBe(1);
    expect(second.current).toBe(2);
    // The window opened with the first hit: what is left of it is 60 s less the time since then.
    expect(second.ttl).toBeGreaterThanOrEqual(60_000 - elapsed);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect((await hitPostgres(database.db, 'other-key', 60_000)).current).toBe(1);
  });

  it('keeps its counters out of the write-ahead log (an unlogged table)', async () => {
    const row = await database.db
      .selectNoFrom(sql<string>`(select relpersistence from pg_class where oid = 'rate_limit_hits'::regclass)`.as('persistence'))
      .executeTakeFirstOrThrow();
    expect(row.persistence).toBe('u');
  });

  it('starts a new window once the old one has passed', async () => {
    await hitPostgres(database.db, 'window-test', 60_000);
    await database.db
      .updateTable('rate_limit_hits')
      .set({ reset_at: new Date(Date.now() - 1000) })
      .where('key', '=', 'window-test')
      .execute();
    expect((await hitPostgres(database.db, 'window-test', 60_000)).current).toBe(1);
  });

  it('gives concurrent hits distinct counts (one atomic statement per hit)', async () => {
    const hits = await Promise.all(Array.from({ length: 40 }, () => hitPostgres(database.db, 'race-test', 60_000)));
    expect(hits.map((hit) => hit.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('sweeps expired counters only', async () => {
    await hitPostgres(database.db, 'sweep-live', 60_000);
    await hitPostgres(database.db, 'sweep-dead', 60_000);
    await database.db
      .updateTable('rate_limit_hits')
      .set({ reset_at: new Date(Date.now() - 1000) })
      .where('key', '=', 'sweep-dead')
      .execute();
    await sweepExpiredHits(database.db);
    const keys = (await database.db.selectFrom('rate_limit_hits').select('key').where('key', 'like', 'sweep-%').execute()).map(
      (row) => row.key,
    );
    expect(keys).toEqual(['sweep-live']);
  });

  it('shares one limit between two servers on the same database', async () => {
    const apps: FastifyInstance[] = [];
    for (let i = 0; i < 2; i += 1) {
      const app = Fastify();
      await app.register(rateLimit, { global: false, store: postgresRateLimitStore(database.db, () => {}) });
      app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => 'ok');
      await app.ready();
      apps.push(app);
    }
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const app = i % 2 === 0 ? first : second;
      statuses.push((await app.inject({ url: '/limited', remoteAddress: '198.51.100.9' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await first.inject({ url: '/limited', remoteAddress: '198.51.100.10' })).statusCode).toBe(200);
    await Promise.all(apps.map((app) => app.close()));
  });

  it('is chosen for PostgreSQL, Redis when REDIS_URL is set, memory for PGlite', () => {
    expect(rateLimitStoreKind({ redisUrl: undefined }, { kind: 'postgres' })).toBe('postgres');
    expect(rateLimitStoreKind({ redisUrl: 'redis://127.0.0.1:6379' }, { kind: 'postgres' })).toBe('redis');
    expect(rateLimitStoreKind({ redisUrl: undefined }, { kind: 'pglite' })).toBe('memory');
  });
});
