import { sql, type Kysely } from 'kysely';

/**
 * The rate limiter's counters leave the write-ahead log (decision 209): every limited request
 * bumps one, and a logged counter cost each of them a WAL record and a commit that waits for the
 * disk. A crash of PostgreSQL empties an unlogged table, and standbys do not have it: the
 * counters start again from zero, which only gives every client a fresh window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limit_hits set unlogged`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limit_hits set logged`.execute(db);
}
