import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as appMeta from './migrations/0001-app-meta';

/**
 * Every migration, in order. Names are `NNNN-name`; a new migration gets the next number
 * and one line here. Static imports keep the bundled server self-contained.
 */
const migrations: Record<string, Migration> = {
  '0001-app-meta': appMeta,
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
