import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { acquireDataDirLock } from './lock';

// A PGlite data directory made ready to open: locked for this process, and seeded from the
// template on a first start. Node's built-ins only, so that server.ts can do this before the
// app's modules load (decision 208).

/** The worker's whole program: a recursive copy of workerData.from to workerData.to. */
const COPY_IN_WORKER =
  "const { workerData } = require('node:worker_threads'); require('node:fs').cpSync(workerData.from, workerData.to, { recursive: true });";

/**
 * `fs.cpSync` in a worker thread: the template (26 MB in ~540 files) is copied beside
 * the main thread, which loads the server's modules meanwhile (server.ts, decision 207).
 * `fs.promises.cp` makes a thread-pool round trip per file, slower than this on a loaded machine.
 */
async function copyDirectory(from: string, to: string): Promise<void> {
  const worker = new Worker(COPY_IN_WORKER, { eval: true, workerData: { from, to } });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`copying ${from} stopped with code ${code}`))));
  });
}

/** Whether `dataDir` already holds a database (a restart): nothing to seed, PGlite may open at once. */
export function holdsDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
}

/**
 * A fresh data directory is copied from `templateDir` (a migrated PGlite data directory built by
 * `npm run build`, see scripts/build-pglite-template.mjs) instead of running initdb, which takes
 * seconds and ~900 MB of memory on the user's machine. The copy goes to a temporary name and is
 * renamed into place, so a crash during the first start never leaves half a database behind. An
 * existing database is always resumed as it is.
 */
export async function seedFromTemplate(dataDir: string, templateDir: string | undefined): Promise<void> {
  const pgdata = path.join(dataDir, 'pgdata');
  for (const entry of fs.readdirSync(dataDir)) {
    if (entry.startsWith('pgdata.copying-')) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  }
  if (holdsDatabase(dataDir)) return;
  if (templateDir === undefined || !fs.existsSync(path.join(templateDir, 'PG_VERSION'))) return;
  const copying = path.join(dataDir, `pgdata.copying-${process.pid}`);
  await copyDirectory(templateDir, copying);
  // Whatever an interrupted initdb left behind (no PG_VERSION yet) is replaced.
  fs.rmSync(pgdata, { recursive: true, force: true });
  fs.renameSync(copying, pgdata);
}

/** Locks `dataDir` and seeds it from `templateDir` if it holds no database yet; `release` frees the lock. */
export async function prepareDataDir(dataDir: string, templateDir: string | undefined): Promise<{ release: () => void }> {
  const lock = acquireDataDirLock(dataDir);
  try {
    await seedFromTemplate(dataDir, templateDir);
    return lock;
  } catch (error) {
    lock.release();
    throw error;
  }
}
