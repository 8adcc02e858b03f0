import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { acquireDataDirLock } from './lock';
import pgliteStartParams from './pglite-start-params.json';
import type { Database } from './schema';

export type Db = Kysely<Database>;
/**
 * What repositories and helpers run queries on: the database handle or a transaction (a Kysely
 * Transaction is a Kysely), so the same function works inside and outside `db.transaction()`.
 */
export type Executor = Kysely<Database>;

/**
 * Holds PostgreSQL's advisory lock `id` until the transaction `trx` ends: concurrent callers with
 * the same id (other processes on one database) run one after another.
 */
export async function lockForTransaction(trx: Executor, id: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${id})`.execute(trx);
}

/** What a NOTIFY listener hears: payloads, and whether it is connected (it may miss notices while not). */
export type NotifyHandlers = { onNotify: (payload: string) => void; onConnected: (connected: boolean) => void };

export type DatabaseHandle = {
  db: Db;
  /**
   * The live layer's reads (the league hub's delivery rounds): on PostgreSQL a connection of their
   * own, so that a burst of writes queued for the pool never delays what the open streams are
   * sent (decision 083); PGlite has one connection, `db`.
   */
  liveDb: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN on `channel` (a plain lower-case name); resolves to a function that stops listening. */
  listen: (channel: string, handlers: NotifyHandlers) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

const RELISTEN_DELAY_MS = 500;

/**
 * A dedicated connection that LISTENs (a pooled one would lose its LISTEN when released). When it
 * drops, `onConnected(false)` fires and it reconnects every RELISTEN_DELAY_MS until it is back.
 */
async function listenPostgres(connectionString: string, channel: string, handlers: NotifyHandlers): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    next.on('error', () => undefined); // followed by 'end'
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = undefined;
      handlers.onConnected(false);
      retry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    handlers.onConnected(true);
  };
  const retry = (): void => {
    timer = setTimeout(() => {
      connect().catch(retry);
    }, RELISTEN_DELAY_MS);
    timer.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end();
    client = undefined;
  };
}

// Both drivers return int8 (count(*), sum(), bigint columns) as a JavaScript number:
// `pg` would return a string and PGlite a number otherwise. Our int8 values are counts
// and cents, far below 2^53.
const INT8_OID = 20;
const parseInt8 = (value: string): number => Number.parseInt(value, 10);

/** Connections per process: a small site's queries are short, and several processes share one server. */
export const DEFAULT_POOL_SIZE = 5;

function postgresPool(connectionString: string, max: number): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client whose connection drops (server restart, failover) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function openPostgres(connectionString: string, poolSize = DEFAULT_POOL_SIZE): DatabaseHandle {
  const db = postgresPool(connectionString, poolSize);
  // One connection, opened on the first live read: the hub's rounds run one at a time.
  const liveDb = postgresPool(connectionString, 1);
  return {
    db,
    liveDb,
    kind: 'postgres',
    listen: (channel, handlers) => listenPostgres(connectionString, channel, handlers),
    close: async () => {
      await Promise.all([db.destroy(), liveDb.destroy()]);
    },
  };
}

export type PgliteHandle = DatabaseHandle & {
  /**
   * A tarball of the data directory, to clone this database with `loadDataDir`: gzipped by
   * default; uncompressed it is ten times larger but a third quicker to load (the tests' template).
   */
  dumpDataDir: (compression?: 'gzip' | 'none') => Promise<Blob>;
};

/**
 * PGlite's own start parameters plus memory settings for a small site. PGlite's default
 * shared_buffers (128 MB) is touched at start and costs ~150 MB of RSS; 16 MB holds this
 * app's whole working set many times over. `-F` (no fsync per commit) is PGlite's default.
 * In a JSON file so that bench/startup.mjs opens PGlite exactly as the server does (its reference).
 */
export const PGLITE_START_PARAMS: readonly string[] = pgliteStartParams;

/** The worker's whole program: a recursive copy of workerData.from to workerData.to. */
const COPY_IN_WORKER =
  "const { workerData } = require('node:worker_threads'); require('node:fs').cpSync(workerData.from, workerData.to, { recursive: true });";

/**
 * `fs.cpSync` in a worker thread: the template (40 MB in ~1,100 files, ≈ 0.25 s) is copied beside
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

/**
 * A fresh data directory is copied from `templateDir` (a migrated PGlite data directory built by
 * `npm run build`, see scripts/build-pglite-template.mjs) instead of running initdb, which takes
 * seconds and ~900 MB of memory on the user's machine. The copy goes to a temporary name and is
 * renamed into place, so a crash during the first start never leaves half a database behind. An
 * existing database is always resumed as it is.
 */
async function seedFromTemplate(dataDir: string, templateDir: string | undefined): Promise<void> {
  const pgdata = path.join(dataDir, 'pgdata');
  for (const entry of fs.readdirSync(dataDir)) {
    if (entry.startsWith('pgdata.copying-')) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  }
  if (fs.existsSync(path.join(pgdata, 'PG_VERSION'))) return;
  if (templateDir === undefined || !fs.existsSync(path.join(templateDir, 'PG_VERSION'))) return;
  const copying = path.join(dataDir, `pgdata.copying-${process.pid}`);
  await copyDirectory(templateDir, copying);
  // Whatever an interrupted initdb left behind (no PG_VERSION yet) is replaced.
  fs.rmSync(pgdata, { recursive: true, force: true });
  fs.renameSync(copying, pgdata);
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; templateDir?: string }): Promise<PgliteHandle> {
  const lock = options.dataDir === undefined ? undefined : acquireDataDirLock(options.dataDir);
  try {
    if (options.dataDir !== undefined) await seedFromTemplate(options.dataDir, options.templateDir);
    const client = await PGlite.create({
      ...(options.dataDir === undefined ? {} : { dataDir: path.join(options.dataDir, 'pgdata') }),
      ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
      startParams: [...PGLITE_START_PARAMS],
      parsers: { [pgliteTypes.INT8]: parseInt8 },
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    return {
      db,
      liveDb: db,
      kind: 'pglite',
      dumpDataDir: (compression = 'gzip') => client.dumpDataDir(compression),
      // One process owns a PGlite database (the lock): its notices arrive when the writing
      // transaction's COMMIT returns.
      listen: async (channel, handlers) => {
        const stop = await client.listen(channel, handlers.onNotify);
        handlers.onConnected(true);
        return async () => {
          if (!client.closed) await stop();
        };
      },
      close: async () => {
        await db.destroy();
        if (!client.closed) await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export async function openDatabase(
  config: { databaseUrl: string | undefined; dataDir: string; databasePoolSize?: number },
  options: { pgliteTemplateDir?: string } = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl !== undefined) return openPostgres(config.databaseUrl, config.databasePoolSize);
  return openPglite({
    dataDir: config.dataDir,
    ...(options.pgliteTemplateDir === undefined ? {} : { templateDir: options.pgliteTemplateDir }),
  });
}
