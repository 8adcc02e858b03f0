import { buildApp } from './app';
import { AdminBootstrapError } from './auth/accounts';
import { prepareDatabase } from './bootstrap';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { createStorage } from './media/create-storage';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Everything after the database is handed over (server.ts): the app, built while the migrations
 * and the start-up tasks run, then listening; SIGTERM/SIGINT drain and close. `exitWith` ends the
 * process with one line.
 */
export async function startServer(config: Config, database: DatabaseHandle, exitWith: (message: string) => never): Promise<void> {
  const storage = createStorage(config.storage);
  let app;
  try {
    // The migrations and the start-up tasks run as soon as the database is open; the app is set
    // up meanwhile (decision 208).
    app = await buildApp({ config, database, storage, startup: (log) => prepareDatabase({ config, database, storage }, log) });
  } catch (error) {
    await storage.close();
    await database.close();
    // Operator mistakes (e.g. a weak ADMIN_PASSWORD) get one clear line, not a stack trace.
    if (error instanceof AdminBootstrapError) exitWith(error.message);
    throw error;
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    app.log.error({ err: error }, 'start-up failed');
    process.exit(1);
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownDrainMs + SHUTDOWN_GRACE_MS);
    timer.unref();
    app.drain
      .start()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
