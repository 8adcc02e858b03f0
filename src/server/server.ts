import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { AdminBootstrapError } from './auth/accounts';
import { bootstrap, migrateBeforeStart } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { DataDirLockedError } from './db/lock';
import { createStorage } from './media/create-storage';

const SHUTDOWN_GRACE_MS = 10_000;

/** The migrated PGlite data directory `npm run build` puts next to the bundled server.js. */
const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('./pglite-template', import.meta.url));

function exitWith(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function open(config: Config): Promise<DatabaseHandle> {
  try {
    return await openDatabase(config, { pgliteTemplateDir: PGLITE_TEMPLATE_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) exitWith(error.message);
    throw error;
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }

  const database = await open(config);
  let migrated: string[];
  try {
    migrated = await migrateBeforeStart({ database });
  } catch (error) {
    await database.close();
    throw error;
  }
  const storage = createStorage(config.storage);
  const app = await buildApp({ config, database, storage });
  if (migrated.length > 0) app.log.info({ migrations: migrated }, 'database migrated');
  try {
    await bootstrap({ config, database, storage }, app.log);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    // Operator mistakes (e.g. a weak ADMIN_PASSWORD) get one clear line, not a stack trace.
    if (error instanceof AdminBootstrapError) exitWith(error.message);
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

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  exitWith(`MINGO failed to start: ${message}`);
});
