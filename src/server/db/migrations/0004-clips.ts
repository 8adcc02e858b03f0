import { sql, type Kysely } from 'kysely';

/**
 * Uploaded clips. created_at has millisecond precision so that a keyset cursor carrying a
 * JavaScript Date is exact. Owners cannot be deleted while they still own clips: their rows
 * point at media files that must be removed through the clips API first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clips')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'text', (col) => col.notNull().references('user.id').onDelete('restrict'))
    .addColumn('title', 'text', (col) => col.notNull().check(sql`char_length(title) between 1 and 200`))
    .addColumn('video_key', 'text', (col) => col.notNull().unique())
    .addColumn('video_mime', 'text', (col) => col.notNull())
    .addColumn('video_bytes', 'bigint', (col) => col.notNull().check(sql`video_bytes > 0`))
    .addColumn('screenshot_key', 'text', (col) => col.notNull().unique())
    .addColumn('screenshot_mime', 'text', (col) => col.notNull())
    .addColumn('created_at', sql`timestamptz(3)`, (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // Newest-first keyset pages, the movie modal's "newest clip with this title", and Manage.
  await sql`create index clips_created_idx on clips (created_at desc, id desc)`.execute(db);
  await sql`create index clips_title_created_idx on clips (title, created_at desc, id desc)`.execute(db);
  await sql`create index clips_owner_created_idx on clips (owner_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('clips').execute();
}
