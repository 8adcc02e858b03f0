import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from './database';
import { PREPARED_PER_CONNECTION, preparedName } from './prepared-statements';

describe('preparedName', () => {
  it('names a statement with parameters by its text, the same text the same name', () => {
    const name = preparedName('select "id" from "players" where "id" = $1', ['p']);
    expect(name).toMatch(/^mingo_[\w-]{24}$/);
    expect(preparedName('select "id" from "players" where "id" = $1', ['q'])).toBe(name);
    expect(preparedName('select "id" from "players" where "id" = $2', ['p'])).not.toBe(name);
    expect(preparedName('select count(*) as n from "players" where "id" = $1', ['p'])).toBeDefined();
    expect(preparedName('update "hits" set "n" = $1 returning "n", ceil("left" * 1000)::int as "ms"', [1])).toBeDefined();
  });

  it('leaves unnamed what has no parameters and what selects or returns *', () => {
    expect(preparedName('begin', [])).toBeUndefined();
    expect(preparedName('commit', undefined)).toBeUndefined();
    expect(preparedName('select * from "players" where "id" = $1', ['p'])).toBeUndefined();
    expect(preparedName('select "m".*, "l"."year" from "league_members" as "m" where "m"."id" = $1', ['p'])).toBeUndefined();
    expect(preparedName('update "leagues" set "name" = $1 returning *', ['x'])).toBeUndefined();
    expect(preparedName('SELECT DISTINCT "l".* FROM "leagues" AS "l" WHERE "l"."id" = $1', ['x'])).toBeUndefined();
    expect(preparedName('select "a", * from "leagues" where "id" = $1', ['x'])).toBeUndefined();
  });
});

/** On PostgreSQL (TEST_DATABASE_URL's server, or the run's own): what one pooled connection keeps prepared. */
describe('prepared statements on a PostgreSQL connection', () => {
  let database: DatabaseHandle;
  beforeAll(() => {
    database = openPostgres(inject('postgresAdminUrl'), 1);
  });
  afterAll(async () => {
    await database.close();
  });

  const prepared = async () =>
    (
      await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements where name like 'mingo_%'`.execute(
        database.db,
      )
    ).rows;

  it('keeps a statement with parameters prepared and runs it again from there; leaves the others unnamed', async () => {
    const text = 'select $1::int + 1 as n';
    for (const value of [1, 2, 3]) {
      const { rows } = await sql<{ n: number }>`select ${value}::int + 1 as n`.execute(database.db);
      expect(rows).toEqual([{ n: value + 1 }]);
    }
    await sql`select * from (select ${5}::int as n) as x`.execute(database.db);
    const kept = await prepared();
    expect(kept.filter((row) => row.statement === text)).toEqual([{ name: preparedName(text, [1]), statement: text }]);
    expect(kept.some((row) => row.statement.includes('select *'))).toBe(false);
  });

  it('prepares nothing with DATABASE_PREPARED_STATEMENTS=false (behind a pooler that cannot keep them)', async () => {
    const unprepared = openPostgres(inject('postgresAdminUrl'), 1, { prepared: false });
    try {
      await sql`select ${1}::int + 2 as n`.execute(unprepared.db);
      const { rows } = await sql<{ n: number }>`select count(*) as n from pg_prepared_statements`.execute(unprepared.db);
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await unprepared.close();
    }
  });

  it(`keeps at most ${PREPARED_PER_CONNECTION} on a connection; the rest still run, unnamed`, async () => {
    for (let n = 0; n < PREPARED_PER_CONNECTION + 5; n++) {
      const { rows } = await sql<{ n: number }>`select ${n}::int as n, ${sql.lit(n)} as k`.execute(database.db);
      expect(rows[0]?.n).toBe(n);
    }
    expect(await prepared()).toHaveLength(PREPARED_PER_CONNECTION);
  });
});
