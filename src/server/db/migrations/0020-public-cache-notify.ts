import { sql, type Kysely } from 'kysely';

/**
 * Every committed write to a table behind a public cached response sends
 * `NOTIFY mingo_public_cache, '<tag>'` (see src/server/cache/public-cache.ts). Triggers rather
 * than calls in the write paths: every writer — routes, fulfilment, the staff CLI, a future
 * feature, another process — invalidates, and PostgreSQL delivers the notice only when the
 * writing transaction commits (and once per transaction and tag).
 */
const TRIGGERS: { table: string; tag: string; events: string }[] = [
  { table: 'products', tag: 'products', events: 'insert or update or delete or truncate' },
  { table: 'product_images', tag: 'product_images', events: 'update or delete or truncate' },
  { table: 'clips', tag: 'clips', events: 'insert or update or delete or truncate' },
  // Clips show their uploader's name.
  { table: 'user', tag: 'clips', events: 'update of name or delete' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function mingo_notify_public_cache() returns trigger language plpgsql as $$
    begin
      perform pg_notify('mingo_public_cache', tg_argv[0]);
      return null;
    end
    $$`.execute(db);
  for (const { table, tag, events } of TRIGGERS) {
    await sql`
      create trigger ${sql.id(`${table}_public_cache`)} after ${sql.raw(events)} on ${sql.id(table)}
      for each statement execute function mingo_notify_public_cache(${sql.lit(tag)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of TRIGGERS) {
    await sql`drop trigger if exists ${sql.id(`${table}_public_cache`)} on ${sql.id(table)}`.execute(db);
  }
  await sql`drop function if exists mingo_notify_public_cache()`.execute(db);
}
