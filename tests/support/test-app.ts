import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/database';
import type { MediaStorage } from '../../src/server/media/storage';
import { openTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  dataDir: string;
  close: () => Promise<void>;
};

/** A fresh migrated database for this test file (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  return openTestDatabase(inject('databaseTemplate'));
}

/**
 * buildApp() over a fresh database and a temporary data directory, for `app.inject()`.
 * `env` adds or overrides environment variables for this app's configuration; `options` are
 * buildApp's internal settings (e.g. a shorter body timeout, a logger to read).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    storage,
    ...options
  }: Pick<BuildAppOptions, 'bodyTimeoutMs' | 'logger'> & {
    /** The app's media storage made from its configuration (e.g. the configured one, wrapped to fail or wait). */
    storage?: (config: Config) => MediaStorage;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    STATIC_DIR: path.join(dataDir, 'no-site'),
    DEMO_DATA: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, ...options, ...(storage === undefined ? {} : { storage: storage(config) }) });
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
