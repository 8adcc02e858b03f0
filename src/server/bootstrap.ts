import type { FastifyBaseLogger } from 'fastify';
import { ensureAdminTask } from './auth/first-admin';
import { seedDemoClips } from './clips/demo-clips';
import { sweepOrphanMedia } from './clips/media-sweep';
import type { AppContext } from './context';
import { migrateToLatest, withStartupLock } from './db/migrate';
import { seedDemoProducts } from './products/demo-products';

/**
 * Start-up work that must finish before the server accepts requests: migrations first, then
 * idempotent set-up tasks (admin account, demo content) in order. Each task is safe to run on
 * every start.
 */
type StartupContext = Pick<AppContext, 'config' | 'database' | 'storage'>;
type StartupTask = { name: string; run: (ctx: StartupContext, log: FastifyBaseLogger) => Promise<void> };

const tasks: StartupTask[] = [
  { name: 'admin account', run: ensureAdminTask },
  { name: 'demo products', run: seedDemoProducts },
  { name: 'demo clips', run: seedDemoClips },
  { name: 'orphan media sweep', run: sweepOrphanMedia },
];

export async function bootstrap(ctx: StartupContext, log: FastifyBaseLogger): Promise<void> {
  // Several instances may start at once on one PostgreSQL database: one at a time migrates and seeds.
  await withStartupLock(ctx.database, async (db) => {
    const migrated = await migrateToLatest(db);
    if (migrated.length > 0) log.info({ migrations: migrated }, 'database migrated');
    const locked = { ...ctx, database: { ...ctx.database, db } };
    for (const task of tasks) {
      log.debug({ task: task.name }, 'start-up task');
      await task.run(locked, log);
    }
  });
}

/**
 * Brings the schema up to date before the app is built. better-auth checks the schema once, when
 * its instance is created (in buildApp), and keeps a mismatch for the life of the process: on an
 * empty database that check must not run before the migrations.
 */
export async function migrateBeforeStart(ctx: Pick<AppContext, 'database'>): Promise<string[]> {
  return withStartupLock(ctx.database, (db) => migrateToLatest(db));
}
