import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { openPglite, type DatabaseHandle } from './database';
import { DataDirLockedError } from './lock';

describe('database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('returns int8 and count(*) as numbers on both drivers', async () => {
    const result = await sql<{ n: unknown; big: unknown }>`select count(*) as n, 9007199254740991::int8 as big`.execute(handle.db);
    expect(result.rows[0]).toEqual({ n: 1, big: 9007199254740991 });
  });

  it('has run the migrations', async () => {
    await handle.db.insertInto('app_meta').values({ key: 'k', value: 'v' }).execute();
    const row = await handle.db.selectFrom('app_meta').selectAll().executeTakeFirstOrThrow();
    expect(row.value).toBe('v');
    expect(row.updated_at).toBeInstanceOf(Date);
  });
});

describe('PGlite data directory lock', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mingo-lock-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second opener and frees the directory on close', async () => {
    const { acquireDataDirLock } = await import('./lock');
    const first = acquireDataDirLock(dir);
    // Same process: simulate another live process by writing our parent's pid.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'mingo.lock'), String(process.ppid));
    await expect(openPglite({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openPglite({ dataDir: dir })).rejects.toThrow(/already in use by another MINGO process/);
    first.release();
  });

  it('takes over a lock left by a dead process', async () => {
    const { writeFileSync, existsSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'mingo.lock'), '999999999');
    const handle = await openPglite({ dataDir: dir });
    expect(existsSync(path.join(dir, 'mingo.lock'))).toBe(true);
    await handle.close();
    expect(existsSync(path.join(dir, 'mingo.lock'))).toBe(false);
  });
});
