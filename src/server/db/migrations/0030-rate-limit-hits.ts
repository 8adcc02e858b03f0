import { sql, type Kysely } from 'kysely';

/** Request counters shared by every app process on one database (see rate-limit-store.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', sql`timestamptz(3)`, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_hits_reset_at').on('rate_limit_hits').column('reset_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
}
