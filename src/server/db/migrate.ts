import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as appMeta from './migrations/0001-app-meta';
import * as auth from './migrations/0002-auth';
import * as products from './migrations/0003-products';
import * as clips from './migrations/0004-clips';
import * as orders from './migrations/0005-orders';

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
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
