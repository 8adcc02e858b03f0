import type { Dirent } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { ensureAdminTask } from './auth/first-admin';
import { failInterruptedImports } from './boards/board-import-jobs';
import { seedDemoClips } from './clips/demo-clips';
import { startupMediaFiles, sweepOrphanMedia } from './clips/media-sweep';
import type { AppContext } from './context';
import { migrateToLatest, withStartupLock } from './db/migrate';
import { seedDemoProducts } from './products/demo-products';

/**
 * The start-up tasks: idempotent set-up (admin account, demo content), then what a process that
 * died left behind (media files, running board imports), in order. Each is safe to run on every start.
 */
type StartupContext = Pick<AppContext, 'config' | 'database' | 'storage'>;
type StartupTask = { name: string; run: (ctx: StartupContext, log: FastifyBaseLogger) => Promise<void> };

/** The tasks; the sweep's media files are listed by then (they need no database). */
const tasksWith = (mediaFiles: Dirent[]): StartupTask[] => [
  { name: 'admin account', run: ensureAdminTask },
  { name: 'demo products', run: seedDemoProducts },
  { name: 'demo clips', run: seedDemoClips },
  { name: 'orphan media sweep', run: (ctx, log) => sweepOrphanMedia(ctx, log, mediaFiles) },
  { name: 'interrupted board imports', run: failInterruptedImports },
];

/**
 * What the database needs before the server takes requests: the migrations, then the start-up
 * tasks. start.ts hands it to buildApp, which runs it as soon as the app has a logger, sets
 * itself up meanwhile and sends no query of its own before it ends (decision 208): on a restart
 * the database work is a few statements right after the open. Several instances may start at once
 * on one PostgreSQL database: one at a time migrates and seeds, under the start-up lock.
 *
 * The migrations come first because better-auth checks the schema once, on its first use, and
 * keeps a mismatch for the life of the process.
 */
export async function prepareDatabase(ctx: StartupContext, log: FastifyBaseLogger): Promise<void> {
  const tasks = tasksWith(startupMediaFiles(ctx.config));
  return withStartupLock(ctx.database, async (db) => {
    const migrated = await migrateToLatest(db);
    if (migrated.length > 0) log.info({ migrations: migrated }, 'database migrated');
    const locked = { ...ctx, database: { ...ctx.database, db } };
    for (const task of tasks) {
      log.debug({ task: task.name }, 'start-up task');
      await task.run(locked, log);
    }
  });
}
