import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle, Db } from './database';
import * as appMeta from './migrations/0001-app-meta';
import * as auth from './migrations/0002-auth';
import * as products from './migrations/0003-products';
import * as clips from './migrations/0004-clips';
import * as orders from './migrations/0005-orders';
import * as publicCacheNotify from './migrations/0020-public-cache-notify';
import * as rateLimitHits from './migrations/0030-rate-limit-hits';
import * as orderOperations from './migrations/0040-order-operations';
import * as refundClaim from './migrations/0041-refund-claim';
import * as pendingMedia from './migrations/0050-pending-media';
import * as boards from './migrations/0060-boards';
import * as seedBoards from './migrations/0061-seed-boards';
import * as stockReservations from './migrations/0070-stock-reservations';
import * as mailOutbox from './migrations/0071-mail-outbox';
import * as leagues from './migrations/0080-leagues';
import * as oneYearRange from './migrations/0090-one-year-range';
import * as checkoutAddress from './migrations/0092-checkout-address';
import * as partialRefunds from './migrations/0093-partial-refunds';
import * as boardImportJobs from './migrations/0095-board-import-jobs';
import * as unloggedRateLimitHits from './migrations/0096-unlogged-rate-limit-hits';
import * as leagueMembersInJoinOrder from './migrations/0097-league-members-in-join-order';

/**
 * Every migration, in order. Names are `NNNN-name`; a new migration gets the next number
 * and one line here. Static imports keep the bundled server self-contained.
 */
const migrations: Record<string, Migration> = {
  '0001-app-meta': appMeta,
  '0002-auth': auth,
  '0003-products': products,
  '0004-clips': clips,
  '0005-orders': orders,
  '0020-public-cache-notify': publicCacheNotify,
  '0030-rate-limit-hits': rateLimitHits,
  '0040-order-operations': orderOperations,
  '0041-refund-claim': refundClaim,
  '0050-pending-media': pendingMedia,
  '0060-boards': boards,
  '0061-seed-boards': seedBoards,
  '0070-stock-reservations': stockReservations,
  '0071-mail-outbox': mailOutbox,
  '0080-leagues': leagues,
  '0090-one-year-range': oneYearRange,
  '0092-checkout-address': checkoutAddress,
  '0093-partial-refunds': partialRefunds,
  '0095-board-import-jobs': boardImportJobs,
  '0096-unlogged-rate-limit-hits': unloggedRateLimitHits,
  '0097-league-members-in-join-order': leagueMembersInJoinOrder,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Runs the migrations not run yet; the names of those it ran (none when the schema was current). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // A current schema (every restart) is one read; Kysely's migrator would create its tables if
  // missing and take its lock in a transaction first, several round trips on every start.
  if ((await missingMigrations(db)).length === 0) return [];
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

export class UnmigratedDatabaseError extends Error {
  constructor(readonly missing: string[]) {
    super(
      `The database lacks ${missing.length} migration(s) (${missing.join(', ')}): run the migrations before building the app ` +
        '(start.ts has buildApp run them first, with prepareDatabase). better-auth checks the schema once, when the app is built, and would ' +
        'refuse every sign-in until a restart.',
    );
    this.name = 'UnmigratedDatabaseError';
  }
}

/** PostgreSQL's code for a relation that does not exist. */
const UNDEFINED_TABLE = '42P01';

/**
 * The migrations this database has not run yet, in order (all of them on an empty database). One
 * statement on every start; only an empty database answers it with an error (never inside a
 * transaction, which the error would end).
 */
export async function missingMigrations(db: Db): Promise<string[]> {
  let ran: { name: string }[];
  try {
    ({ rows: ran } = await sql<{ name: string }>`select name from kysely_migration`.execute(db));
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) throw error;
    ran = [];
  }
  const done = new Set(ran.map((row) => row.name));
  return Object.keys(migrations).filter((name) => !done.has(name));
}

/** Our own advisory-lock key (Kysely's migrator uses another one for the migrations alone). */
const STARTUP_LOCK_KEY = 7_214_530_914;

/**
 * Runs `work` while holding a PostgreSQL session advisory lock, so that instances started at the
 * same moment migrate and seed one after the other: the first does the work, the others wait and
 * then find nothing left to do. The lock lives on one reserved connection and is released when
 * `work` ends (or with the connection, if the process dies). `work` gets that connection as its
 * database and must run its queries on it: with DATABASE_POOL_SIZE=1 there is no other, and a
 * query waiting for one would wait for ever. PGlite has a single process per data directory (see
 * lock.ts), so it needs no lock and `work` gets the handle's own database.
 */
export async function withStartupLock<T>(database: Pick<DatabaseHandle, 'db' | 'kind'>, work: (db: Db) => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work(database.db);
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
