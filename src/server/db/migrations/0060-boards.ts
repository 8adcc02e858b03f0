import { sql, type Kysely } from 'kysely';

/**
 * Living boards (decision 150): movies, yearly boards and their 25 squares. The database holds the
 * rules no code path may break: ratings are whole halves 0–10 (0–5 stars in halves), runtimes
 * 0–600 minutes, a board's year fits a share code (2000–2255), a square is 0–24, a movie sits on a
 * board once, and a board's status matches its publication time. Movies are never deleted with a
 * board (RESTRICT); a board's squares are (CASCADE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('movies')
    .addColumn('id', 'text', (col) => col.primaryKey().check(sql`id ~ '^[a-z0-9][a-z0-9-]{0,99}$'`))
    .addColumn('name', 'text', (col) => col.notNull().check(sql`length(name) between 1 and 120`))
    .addColumn('year', 'integer', (col) => col.notNull().check(sql`year between 1888 and 2100`))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('star_description_a', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('star_rating_a', 'integer', (col) => col.notNull().check(sql`star_rating_a between 0 and 10`))
    .addColumn('star_description_b', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('star_rating_b', 'integer', (col) => col.notNull().check(sql`star_rating_b between 0 and 10`))
    .addColumn('runtime', 'integer', (col) => col.notNull().check(sql`runtime between 0 and 600`))
    .addColumn('free_space', 'boolean', (col) => col.notNull().defaultTo(false))
    // The media-storage prefix of the poster's renditions (`<key>-<width>.<webp|avif>`), and the
    // widths made; a generated placeholder is stored the same way, flagged.
    .addColumn('poster_key', 'text')
    .addColumn('poster_widths', sql`integer[]`, (col) => col.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('poster_placeholder', 'boolean', (col) => col.notNull().defaultTo(true))
    // The demo posters of the seeded movie list, served by the static site (`/posters/<id>.svg`).
    .addColumn('poster_static', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index movies_name_search on movies (lower(name))`.execute(db);

  await db.schema
    .createTable('boards')
    .addColumn('year', 'integer', (col) => col.primaryKey().check(sql`year between 2000 and 2255`))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'published')`),
    )
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('boards_published_at', sql`(status = 'published') = (published_at is not null)`)
    .execute();

  await db.schema
    .createTable('board_slots')
    .addColumn('board_year', 'integer', (col) => col.notNull().references('boards.year').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull().check(sql`position between 0 and 24`))
    .addColumn('movie_id', 'text', (col) => col.references('movies.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('board_slots_pkey', ['board_year', 'position'])
    .addUniqueConstraint('board_slots_movie_once', ['board_year', 'movie_id'])
    .execute();
  await db.schema.createIndex('board_slots_movie').on('board_slots').column('movie_id').execute();

  // Every committed write to the boards' tables drops the cached public answers on every instance
  // (see 0020-public-cache-notify and cache/public-cache.ts).
  for (const table of ['movies', 'boards', 'board_slots']) {
    await sql`
      create trigger ${sql.id(`${table}_public_cache`)} after insert or update or delete or truncate on ${sql.id(table)}
      for each statement execute function mingo_notify_public_cache('boards')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('board_slots').execute();
  await db.schema.dropTable('boards').execute();
  await db.schema.dropTable('movies').execute();
}
