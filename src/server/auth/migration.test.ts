import { getMigrations } from 'better-auth/db/migration';
import { admin } from 'better-auth/plugins/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../../../tests/support/test-app';
import { authOptions } from './auth';

describe('migration 0002-auth', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('leaves better-auth nothing to create or add', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/unused', AUTH_SECRET: 'x'.repeat(40) });
    const plan = await getMigrations(authOptions(config, handle.db, admin), { throwOnUnsafe: false });
    expect(plan.toBeCreated.map((table) => table.table)).toEqual([]);
    expect(plan.toBeAdded.map((table) => [table.table, Object.keys(table.fields)])).toEqual([]);
    expect(plan.toBeAddedIndexes.map((index) => index.name)).toEqual([]);
    expect(plan.schemaProblems).toEqual([]);
  });
});
