import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FREE_SPACE_INDEX } from '../../domain/boards';
import type { PublicBoard } from '../../shared/boards';
import { TEST_ORIGIN } from '../../../tests/support/auth';
import { adminQuery, databaseUrl } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPostgres, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/**
 * On PostgreSQL, with the pool's one connection: a mark's statements are planned a few times, then
 * run from the plan the connection keeps (decisions 209 and 217). A statement that PostgreSQL plans
 * again on every call costs it more than running the statement does.
 */
describe('a mark’s statements on PostgreSQL', () => {
  const name = `mingo_plans_${randomBytes(4).toString('hex')}`;
  const adminUrl = inject('postgresAdminUrl');
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    const url = databaseUrl(adminUrl, name);
    database = openPostgres(url, 1);
    await migrateToLatest(database.db);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: `/nonexistent-${name}`,
      DATABASE_URL: url,
      DEMO_DATA: 'false',
      AUTH_SECRET: 'x'.repeat(32),
    });
    app = await buildApp({ config, database });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('keep their plans: marks one movie at a time, in a league, then reads what the connection planned', async () => {
    let cookie = '';
    let requests = 0;
    const send = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      requests += 1;
      const response = await app.inject({
        method,
        url,
        remoteAddress: `10.9.0.${requests}`,
        headers: { origin: TEST_ORIGIN, ...(cookie === '' ? {} : { cookie }) },
        ...(payload === undefined ? {} : { payload }),
      });
      cookie = String(response.headers['set-cookie'] ?? cookie).split(';')[0] ?? '';
      expect(response.statusCode, response.body).toBeLessThan(300);
      return JSON.parse(response.body) as unknown;
    };
    const board = (await send('GET', '/api/boards/2025')) as PublicBoard;
    const squares = board.movies.filter((_, index) => index !== FREE_SPACE_INDEX).map((movie) => movie.id);
    await send('POST', '/api/leagues', { name: 'Plans', year: 2025, nickname: 'Ana' });
    for (const movieId of squares.slice(0, 12)) {
      await send('PUT', '/api/me/marks', { changes: [{ movieId, seen: true, at: new Date().toISOString() }] });
    }

    const { rows } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
      select statement, generic_plans, custom_plans from pg_prepared_statements where name like 'mingo_%'`.execute(database.db);
    const moviesCheck = rows.filter((row) => row.statement.includes('"mv"."id"'));
    expect(moviesCheck).toHaveLength(1);
    // PostgreSQL plans a statement for its values five times, then weighs the kept plan against those.
    const replanned = rows.filter((row) => Number(row.custom_plans) > 5).map((row) => row.statement);
    expect(replanned).toEqual([]);
    expect(moviesCheck.map((row) => Number(row.generic_plans))).toEqual([12 - 5]);
  });
});
