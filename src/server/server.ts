import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { DataDirLockedError } from './db/lock';

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

/**
 * The entry point: only the configuration and the database are loaded before the database starts
 * opening; the app's modules (start.ts and all it imports) load while PGlite compiles its
 * WebAssembly off the main thread (decision 207).
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }
  const [database, { startServer }] = await Promise.all([open(config), import('./start')]);
  await startServer(config, database, exitWith);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  exitWith(`MINGO failed to start: ${message}`);
});
