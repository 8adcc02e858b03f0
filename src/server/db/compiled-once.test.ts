import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-app';
import { compiledOnce } from './compiled-once';
import type { DatabaseHandle, Executor } from './database';

/** On the run's database (PGlite, or PostgreSQL with TEST_DATABASE_URL), on app_meta's rows. */
describe('compiledOnce', () => {
  let database: DatabaseHandle;
  const at = new Date('2026-05-01T12:00:00.000Z');
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db
      .insertInto('app_meta')
      .values(['a', 'b', 'c'].map((key, index) => ({ key: `t-${key}`, value: String(index + 1), updated_at: at })))
      .execute();
  });
  afterAll(async () => {
    await database.close();
  });

  it('builds the statement once and binds each call its own values, in the order of the $n', async () => {
    const build = vi.fn((db: Executor, p: { keys: readonly string[]; min: string }) =>
      db
        .selectFrom('app_meta')
        .select(['key', 'value'])
        // `min` before `keys` in the text, and twice: each $n gets its own.
        .where('value', '>=', p.min)
        .where(sql<boolean>`key = any(${p.keys}::text[])`)
        .where(sql<boolean>`length(${p.min}) = 1`)
        .orderBy('key'),
    );
    const statement = compiledOnce(['keys', 'min'], build);

    expect(await statement(database.db, { keys: ['t-a', 't-b', 't-c'], min: '2' })).toEqual([
      { key: 't-b', value: '2' },
      { key: 't-c', value: '3' },
    ]);
    expect(await statement(database.db, { keys: ['t-a', 't-c', 't-x'], min: '1' })).toEqual([
      { key: 't-a', value: '1' },
      { key: 't-c', value: '3' },
    ]);
    // An empty list is one parameter like any other: no rows.
    expect(await statement(database.db, { keys: [], min: '0' })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('runs in the transaction it is given', async () => {
    const touch = compiledOnce(['key', 'at'], (db, p: { key: string; at: Date }) =>
      db.updateTable('app_meta').set({ updated_at: p.at }).where('key', '=', p.key).returning('updated_at'),
    );
    const later = new Date('2026-05-02T08:30:00.000Z');
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect(await touch(trx, { key: 't-b', at: later })).toEqual([{ updated_at: later }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const kept = await database.db.selectFrom('app_meta').select('updated_at').where('key', '=', 't-b').executeTakeFirstOrThrow();
    expect(kept.updated_at).toEqual(at);
    expect(await touch(database.db, { key: 't-c', at: later })).toEqual([{ updated_at: later }]);
  });

  it('keeps the values it was built with as constants', async () => {
    const above = compiledOnce(['prefix'], (db, p: { prefix: string }) =>
      db
        .selectFrom('app_meta')
        .select('key')
        .where('value', '>', '1')
        .where(sql<boolean>`starts_with(key, ${p.prefix})`)
        .orderBy('key'),
    );
    expect(await above(database.db, { prefix: 't-' })).toEqual([{ key: 't-b' }, { key: 't-c' }]);
    expect(await above(database.db, { prefix: 't-c' })).toEqual([{ key: 't-c' }]);
  });

  it('refuses, on its first call, a statement that leaves a parameter out', async () => {
    const unused = compiledOnce(['key', 'value'], (db, p: { key: string; value: string }) =>
      db.selectFrom('app_meta').select('key').where('key', '=', p.key),
    );
    await expect(unused(database.db, { key: 't-a', value: '1' })).rejects.toThrow(/value not used/);
  });
});
