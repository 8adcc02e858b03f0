import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { acquireDataDirLock } from './lock';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

// Both drivers return int8 (count(*), sum(), bigint columns) as a JavaScript number:
// `pg` would return a string and PGlite a number otherwise. Our int8 values are counts
// and cents, far below 2^53.
const INT8_OID = 20;
const parseInt8 = (value: string): number => Number.parseInt(value, 10);

export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client whose connection drops (server restart, failover) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

export type PgliteHandle = DatabaseHandle & {
  /** A gzipped tarball of the data directory, to clone this database with `loadDataDir`. */
  dumpDataDir: () => Promise<Blob>;
};

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteHandle> {
  const lock = options.dataDir === undefined ? undefined : acquireDataDirLock(options.dataDir);
  try {
    const client = await PGlite.create({
      ...(options.dataDir === undefined ? {} : { dataDir: path.join(options.dataDir, 'pgdata') }),
      ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
      parsers: { [pgliteTypes.INT8]: parseInt8 },
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    return {
      db,
      kind: 'pglite',
      dumpDataDir: () => client.dumpDataDir('gzip'),
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

export async function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (config.databaseUrl !== undefined) return openPostgres(config.databaseUrl);
  return openPglite({ dataDir: config.dataDir });
}
