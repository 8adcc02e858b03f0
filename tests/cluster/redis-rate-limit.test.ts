// The Redis rate-limit store (REDIS_URL): two app processes on one PostgreSQL database count the
// checkout limit together in Redis. Needs Redis on 127.0.0.1:6379 (or TEST_REDIS_URL); .ci/run starts it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_RATE_LIMIT } from '../../src/server/routes/checkout';
import { jsonRequest } from './http';
import { adminQuery, createDatabase, PORTS, requireBuild, startApp, stopApp, waitReady, type AppProcess } from './support';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORTS_USED = [PORTS.redis, PORTS.redis + 1];

describe('checkout limit counted in Redis across instances', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let dataDir: string;
  const apps: AppProcess[] = [];
  let redis: Redis;

  beforeAll(async () => {
    requireBuild();
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect().catch((error: unknown) => {
      throw new Error(`Redis at ${REDIS_URL} is needed for this test: ${(error as Error).message}`);
    });
    database = await createDatabase('mingo_redis');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-redis-'));
    PORTS_USED.forEach((port, i) =>
      apps.push(
        startApp(port, {
          DATABASE_URL: database.url,
          REDIS_URL,
          DATA_DIR: path.join(dataDir, String(i)),
          AUTH_SECRET: 'redis-test-auth-secret-0123456789abcdef',
          PUBLIC_URL: `http://127.0.0.1:${PORTS_USED[0] ?? 0}`,
        }),
      ),
    );
    await Promise.all(apps.map((app) => waitReady(app, 90_000)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => stopApp(app)));
    await database?.drop();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    redis?.disconnect();
  });

  it('refuses the request after the limit, whichever instance gets it, and keeps no count in PostgreSQL', async () => {
    const from = `127.0.3.${Math.floor(Math.random() * 250) + 1}`;
    const origin = { origin: `http://127.0.0.1:${PORTS_USED[0] ?? 0}` };
    const statuses: number[] = [];
    for (let i = 0; i <= CHECKOUT_RATE_LIMIT.max; i += 1) {
      const app = apps[i % apps.length];
      statuses.push((await jsonRequest(`${app?.url ?? ''}/api/create-checkout-session`, 'POST', [], origin, from)).status);
    }
    expect(statuses.slice(0, CHECKOUT_RATE_LIMIT.max).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const keys = await redis.keys(`mingo-rl-*${from}`);
    expect(keys.length).toBe(1);
    expect(Number(await redis.get(keys[0] ?? ''))).toBe(CHECKOUT_RATE_LIMIT.max + 1);
    const [rows] = await adminQuery<{ n: number }>(database.url, 'select count(*)::int as n from rate_limit_hits');
    expect(rows?.n).toBe(0);
  });
});
