import { sql, type Kysely } from 'kysely';

/**
 * Media keys whose files may exist without a clip row naming them: written by an upload whose row
 * is not committed yet, or left by a clip deletion whose files are not removed yet. A crash leaves
 * the record behind, and the media sweep removes what it names (clips/pending-media.ts). `owner`
 * says which process holds the record; `touched_at` is its last sign of life.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_media')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('touched_at', sql`timestamptz(3)`, (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pending_media_touched_at').on('pending_media').column('touched_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_media').execute();
}
