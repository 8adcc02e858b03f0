import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-app';
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

describe('PGlite data directory from a template', () => {
  let root: string;
  let templateDir: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'mingo-template-'));
    // A template as `npm run build` makes one: a closed PGlite data directory.
    const source = path.join(root, 'source');
    const handle = await openPglite({ dataDir: source });
    await sql`create table marker (note text)`.execute(handle.db);
    await sql`insert into marker values ('from the template')`.execute(handle.db);
    await handle.close();
    templateDir = path.join(source, 'pgdata');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('copies the template into a fresh directory, clears a crashed copy, and never replaces an existing database', async () => {
    const { mkdirSync, writeFileSync, existsSync, readdirSync } = await import('node:fs');
    const dataDir = path.join(root, 'fresh');
    // What a crash during an earlier first start leaves: a half-made copy and an initdb without PG_VERSION.
    mkdirSync(path.join(dataDir, 'pgdata.copying-12345'), { recursive: true });
    mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pgdata', 'half-written'), 'x');

    const first = await openPglite({ dataDir, templateDir });
    const rows = await sql<{ note: string }>`select note from marker`.execute(first.db);
    expect(rows.rows).toEqual([{ note: 'from the template' }]);
    await sql`insert into marker values ('written after the copy')`.execute(first.db);
    await first.close();
    expect(readdirSync(dataDir).filter((entry) => entry.startsWith('pgdata.copying-'))).toEqual([]);
    expect(existsSync(path.join(dataDir, 'pgdata', 'half-written'))).toBe(false);

    const again = await openPglite({ dataDir, templateDir });
    const after = await sql<{ note: string }>`select note from marker order by note`.execute(again.db);
    expect(after.rows.map((row) => row.note)).toEqual(['from the template', 'written after the copy']);
    await again.close();
  });
});
