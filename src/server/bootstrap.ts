import type { FastifyBaseLogger } from 'fastify';
import { ensureAdminTask } from './auth/accounts';
import { seedDemoClips } from './clips/demo-clips';
import type { AppContext } from './context';
import { migrateToLatest } from './db/migrate';
import { seedDemoProducts } from './products/demo-products';

/**
 * Start-up work that must finish before the server accepts requests: migrations first, then
 * idempotent set-up tasks (admin account, demo content) in order. Each task is safe to run on
 * every start.
 */
type StartupTask = { name: string; run: (ctx: AppContext, log: FastifyBaseLogger) => Promise<void> };

const tasks: StartupTask[] = [
  { name: 'admin account', run: ensureAdminTask },
  { name: 'demo products', run: seedDemoProducts },
  { name: 'demo clips', run: seedDemoClips },
];

export async function bootstrap(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  await migrateToLatest(ctx.database.db);
  for (const task of tasks) {
    log.debug({ task: task.name }, 'start-up task');
    await task.run(ctx, log);
  }
}
