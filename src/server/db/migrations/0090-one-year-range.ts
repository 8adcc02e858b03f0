import { sql, type Kysely } from 'kysely';

/**
 * Boards and leagues end in 2100, the last year a movie can have (decision 190): a board's Free
 * Space is a movie of the board's year, so a board after 2100 could never be filled, exported and
 * imported again. No such board or league can exist (the movies' own check refused its Free
 * Space, and a league needs a published board), so the narrower checks hold for every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['boards', 'leagues']) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(`${table}_year_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_year_check`)} check (year between 2000 and 2100)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['boards', 'leagues']) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(`${table}_year_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_year_check`)} check (year between 2000 and 2255)`.execute(
      db,
    );
  }
}
