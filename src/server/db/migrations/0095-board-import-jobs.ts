import { sql, type Kysely } from 'kysely';

/**
 * Board imports run as jobs (decision 194): the request answers at once and the import runs in
 * the background on the instance that took it. Its row holds the state and progress for any
 * instance (a reloaded page asks whichever it reaches), and `heartbeat_at` is the running
 * instance's sign of life: a job whose process died is marked failed by the next read or start.
 * At most one import runs at a time (a unique index on the running row), so two identical
 * imports sent together give one result and a 409 on every instance. `file_sha256` tells an
 * identical file from another one in that 409's message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('board_import_jobs')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('running', 'done', 'failed')`))
    .addColumn('phase', 'text', (col) => col.notNull().check(sql`phase in ('posters', 'saving', 'finished')`))
    .addColumn('done', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`done >= 0`),
    )
    .addColumn('total', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`total >= 0`),
    )
    .addColumn('years', sql`integer[]`, (col) => col.notNull())
    .addColumn('publish', 'boolean', (col) => col.notNull())
    .addColumn('file_sha256', 'text', (col) => col.notNull())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('heartbeat_at', sql`timestamptz(3)`, (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', sql`timestamptz(3)`, (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', sql`timestamptz(3)`)
    .addColumn('result', 'jsonb')
    .addColumn('error', 'jsonb')
    .addCheckConstraint('board_import_jobs_finished', sql`(state = 'running') = (finished_at is null)`)
    .execute();
  await sql`create unique index board_import_jobs_one_running on board_import_jobs ((true)) where state = 'running'`.execute(db);
  await sql`create index board_import_jobs_started on board_import_jobs (started_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('board_import_jobs').execute();
}
