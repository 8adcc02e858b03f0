import nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { DataDirLockedError } from './db/lock';
import { pgliteDataDirOf } from './db/pglite-location';
import { openPgliteThread } from './db/pglite-thread';

/** The migrated PGlite data directory `npm run build` puts next to the bundled server.js. */
const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('./pglite-template', import.meta.url));

/** V8's setting for PGlite's start (see main): at most one background task compiles WebAssembly (its default: 128). */
const ONE_WASM_COMPILE_TASK = '--wasm-num-compilation-tasks=1';

/**
 * Node 22.8+'s module compile cache: V8's code for the app's modules kept on disk (by default in
 * `os.tmpdir()/node-compile-cache`; `NODE_COMPILE_CACHE` moves it, `NODE_DISABLE_COMPILE_CACHE=1`
 * turns it off), so that a restart does not compile them again (decision 210). Node 20 has neither.
 */
const { enableCompileCache, flushCompileCache } = nodeModule as { enableCompileCache?: () => unknown; flushCompileCache?: () => void };

function exitWith(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function exitIfLocked(error: unknown): never {
  if (error instanceof DataDirLockedError) exitWith(error.message);
  throw error;
}

/**
 * The entry point. PGlite's thread starts first, with only Node's built-ins loaded: the data
 * directory is read from the environment as the configuration will read it (decision 208). The
 * configuration, the database layer and the app (start.ts and all it imports) load and run
 * meanwhile on this thread (decision 207); with DATABASE_URL set, PostgreSQL is opened after the
 * configuration is checked.
 */
async function main(): Promise<void> {
  // PGlite's WebAssembly is compiled by one of V8's background tasks, not by one on every core:
  // those compiled most of its 9 MB up front beside the app's loading, and a restart used ~300 ms
  // more CPU and took ~20 % longer on two cores. Queries run as fast once warm (decision 208,
  // third pass). V8 reads the setting when a compilation starts: set before PGlite's thread starts.
  setFlagsFromString(ONE_WASM_COMPILE_TASK);
  // Before the app's modules are imported below (this file's own imports are a few kB).
  enableCompileCache?.();
  const dataDir = pgliteDataDirOf(process.env);
  const pglite = dataDir === undefined ? undefined : openPgliteThread({ dataDir, templateDir: PGLITE_TEMPLATE_DIR });
  // Awaited below, after the configuration: a bad configuration is reported first.
  pglite?.catch(() => undefined);
  const [{ ConfigError, loadConfig }, { openDatabase, pgliteHandle }, { startServer }] = await Promise.all([
    import('./config'),
    import('./db/database'),
    import('./start'),
  ]);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }
  let database;
  if (pglite !== undefined && config.databaseUrl === undefined && config.dataDir === dataDir) {
    const { client, lock } = await pglite.catch(exitIfLocked);
    database = pgliteHandle(client, lock);
  } else {
    // Not reached while pgliteDataDirOf agrees with loadConfig (pglite-thread.test.ts checks it).
    if (pglite !== undefined) await pglite.then(({ client, lock }) => client.close().finally(lock.release), exitIfLocked);
    database = await openDatabase(config, { pgliteTemplateDir: PGLITE_TEMPLATE_DIR }).catch(exitIfLocked);
  }
  await startServer(config, database, exitWith);
  // Written now, not only when the process exits: an instance that is killed restarts as fast.
  flushCompileCache?.();
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  exitWith(`MINGO failed to start: ${message}`);
});
