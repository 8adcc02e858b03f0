import { sql, type Kysely } from 'kysely';

/**
 * A league's members in join order, as the community standings read them on every tick (decision
 * 217): without it PostgreSQL scanned by another index and sorted 10,000 rows each second. The
 * columns never change after a join, so the standings' updates stay HOT.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index league_members_join_order on league_members (league_id, joined_at, id) where left_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index league_members_join_order`.execute(db);
}
