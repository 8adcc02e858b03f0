import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type pg from 'pg';
import { prepareDataDir } from './pglite-data-dir';
import { openPgliteThread } from './pglite-thread';
import pgliteStartParams from './pglite-start-params.json';
import { preparingClient } from './prepared-statements';
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

const loadModule = createRequire(import.meta.url);
/**
 * The PostgreSQL driver, loaded from node_modules on the first PostgreSQL connection: a server on
 * the embedded database never parses it (190 kB, decision 207).
 */
const postgresDriver = (): typeof pg => loadModule('pg') as typeof pg;

/**
 * A dedicated connection that LISTENs (a pooled one would lose its LISTEN when released). When it
 * drops, `onConnected(false)` fires and it reconnects every RELISTEN_DELAY_MS until it is back.
 */
async function listenPostgres(connectionString: string, channel: string, handlers: NotifyHandlers): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new (postgresDriver().Client)({ connectionString });
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

function postgresPool(connectionString: string, max: number, prepared: boolean): Db {
  const pg = postgresDriver();
  const pool = new pg.Pool({
    connectionString,
    max,
    // A connection once opened is kept (pg closes idle ones after 10 s): a burst of requests after
    // a quiet spell would otherwise wait for new connections, each preparing its statements again
    // (decision 210). `max` is the instance's budget of PostgreSQL's connections either way.
    min: max,
    ...(prepared ? { Client: preparingClient(pg) } : {}),
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

export function openPostgres(connectionString: string, poolSize = DEFAULT_POOL_SIZE, { prepared = true } = {}): DatabaseHandle {
  const db = postgresPool(connectionString, poolSize, prepared);
  // One connection, opened on the first live read: the hub's rounds run one at a time.
  const liveDb = postgresPool(connectionString, 1, prepared);
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

/** A PGlite client as the handle uses it: in this thread, or in a thread of its own (PgliteThread). */
type PgliteClient = {
  query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; affectedRows?: number }>;
  listen: (channel: string, listener: (payload: string) => void) => Promise<() => Promise<void>>;
  dumpDataDir: (compression?: 'gzip' | 'none') => Promise<Blob>;
  close: () => Promise<void>;
  readonly closed: boolean;
};

/** The handle over an open PGlite client; closing it closes the client, then frees the data directory's lock. */
export function pgliteHandle(client: PgliteClient, lock?: { release: () => void }): PgliteHandle {
  // The dialect calls `query` and `close` only.
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client as unknown as PGlite) });
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
}

/**
 * PGlite in this thread: in memory, from a tarball (`loadDataDir`), or on `dataDir` (locked, and
 * seeded from `templateDir` when new). What the tests and scripts open; the server runs PGlite in
 * a thread of its own (openPgliteThread, decision 208).
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; templateDir?: string }): Promise<PgliteHandle> {
  const lock = options.dataDir === undefined ? undefined : await prepareDataDir(options.dataDir, options.templateDir);
  try {
    // Loaded here, not at the top: the server never runs PGlite on its main thread.
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create({
      ...(options.dataDir === undefined ? {} : { dataDir: path.join(options.dataDir, 'pgdata') }),
      ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
      startParams: [...PGLITE_START_PARAMS],
      parsers: { [INT8_OID]: parseInt8 },
    });
    return pgliteHandle(client, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export async function openDatabase(
  config: { databaseUrl: string | undefined; dataDir: string; databasePoolSize?: number; databasePreparedStatements?: boolean },
  options: { pgliteTemplateDir?: string } = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl !== undefined) {
    return openPostgres(config.databaseUrl, config.databasePoolSize, { prepared: config.databasePreparedStatements });
  }
  const { client, lock } = await openPgliteThread({ dataDir: config.dataDir, templateDir: options.pgliteTemplateDir });
  return pgliteHandle(client, lock);
}
