import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openPglite, pgliteHandle, type PgliteHandle } from './database';
import { DataDirLockedError } from './lock';
import { pgliteDataDirOf } from './pglite-location';
import { openPgliteThread } from './pglite-thread';

describe('PGlite in a thread of its own', () => {
  let root: string;
  let templateDir: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'mingo-pglite-thread-'));
    // One initdb for the file (seconds); every directory below starts as a copy, as the server's do.
    const template = await openPglite({ dataDir: path.join(root, 'template') });
    await template.close();
    templateDir = path.join(root, 'template', 'pgdata');
  }, 60_000);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function open(
    name: string,
    onLost?: (error: Error) => void,
  ): Promise<PgliteHandle & { client: Awaited<ReturnType<typeof openPgliteThread>>['client'] }> {
    const { client, lock } = await openPgliteThread({
      dataDir: path.join(root, name),
      templateDir,
      ...(onLost === undefined ? {} : { onLost }),
    });
    return { ...pgliteHandle(client, lock), client };
  }

  it('answers queries sent before it has opened, in order, with values as the main thread would see them', async () => {
    const database = await open('values');
    try {
      // Sent at once: they wait for the open, then run one after another.
      const [created, inserted, read] = await Promise.all([
        sql`create table t (n int8, at timestamptz, bytes bytea, doc jsonb, label text)`.execute(database.db),
        sql`insert into t values (9007199254740991, '2026-05-01T12:00:00Z', '\\x0102ff', '{"a":[1,2]}', 'x')`.execute(database.db),
        sql<{ n: unknown; at: unknown; bytes: unknown; doc: unknown; label: unknown }>`select * from t`.execute(database.db),
      ]);
      expect(created.rows).toEqual([]);
      expect(inserted.numAffectedRows).toBe(1n);
      expect(read.rows).toEqual([
        { n: 9007199254740991, at: new Date('2026-05-01T12:00:00Z'), bytes: new Uint8Array([1, 2, 255]), doc: { a: [1, 2] }, label: 'x' },
      ]);
      await expect(database.client.opened).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it("passes PostgreSQL's error fields through (a unique violation's code and constraint)", async () => {
    const database = await open('errors');
    try {
      await sql`create table u (k text constraint u_k unique)`.execute(database.db);
      await sql`insert into u values ('a')`.execute(database.db);
      const failure = await sql`insert into u values ('a')`.execute(database.db).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).toMatchObject({ code: '23505', constraint: 'u_k' });
      // A transaction rolled back by the error leaves the connection usable.
      await expect(
        database.db.transaction().execute(async (trx) => {
          await sql`insert into u values ('b')`.execute(trx);
          await sql`insert into u values ('b')`.execute(trx);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect((await sql<{ k: string }>`select k from u order by k`.execute(database.db)).rows).toEqual([{ k: 'a' }]);
    } finally {
      await database.close();
    }
  });

  it('delivers NOTIFY to its listeners, and stops when they stop', async () => {
    const database = await open('notify');
    try {
      const heard: string[] = [];
      const stop = await database.listen('news', { onNotify: (payload) => heard.push(payload), onConnected: () => undefined });
      await sql`select pg_notify('news', 'first')`.execute(database.db);
      await expect.poll(() => heard).toEqual(['first']);
      await stop();
      await sql`select pg_notify('news', 'second')`.execute(database.db);
      await sql`select 1`.execute(database.db);
      expect(heard).toEqual(['first']);
    } finally {
      await database.close();
    }
  });

  it('keeps the data directory locked until closed, and its data across a restart', async () => {
    const dataDir = path.join(root, 'restart');
    const first = await open('restart');
    await sql`create table kept (v text)`.execute(first.db);
    await sql`insert into kept values ('still here')`.execute(first.db);
    // Another MINGO process (simulated by the parent's pid in the lock) cannot open it meanwhile.
    const { writeFileSync, readFileSync } = await import('node:fs');
    const ownLock = readFileSync(path.join(dataDir, 'mingo.lock'), 'utf8');
    expect(ownLock).toBe(String(process.pid));
    writeFileSync(path.join(dataDir, 'mingo.lock'), String(process.ppid));
    await expect(openPgliteThread({ dataDir, templateDir })).rejects.toBeInstanceOf(DataDirLockedError);
    writeFileSync(path.join(dataDir, 'mingo.lock'), ownLock);
    await first.close();
    expect(first.client.closed).toBe(true);
    await expect(sql`select 1`.execute(first.db)).rejects.toThrow();

    const again = await open('restart');
    try {
      expect((await sql<{ v: string }>`select v from kept`.execute(again.db)).rows).toEqual([{ v: 'still here' }]);
    } finally {
      await again.close();
    }
  });

  it('fails the calls waiting on an open that cannot happen, with its error, and frees the lock', async () => {
    const dataDir = path.join(root, 'broken');
    const { mkdirSync, writeFileSync, existsSync } = await import('node:fs');
    // A PG_VERSION from another major version: PostgreSQL refuses the directory.
    mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '9\n');
    let lost = false;
    const database = await open('broken', () => (lost = true));
    const failure = await sql`select 1`.execute(database.db).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    await expect(database.client.opened).rejects.toBe(failure);
    await database.close();
    expect(existsSync(path.join(dataDir, 'mingo.lock'))).toBe(false);
    expect(lost).toBe(false);
  });

  it('reports a thread that dies after it opened', async () => {
    const lostWith: Error[] = [];
    const database = await open('lost', (error) => lostWith.push(error));
    await sql`select 1`.execute(database.db);
    // What a crash of the thread looks like from here: it ends without being asked to.
    await (database.client as unknown as { worker: { terminate: () => Promise<number> } }).worker.terminate();
    await expect.poll(() => lostWith.length).toBe(1);
    expect(lostWith[0]?.message).toMatch(/the PGlite thread stopped/);
    await expect(sql`select 1`.execute(database.db)).rejects.toThrow(/PGlite is closed/);
    await database.close();
  });
});

describe('where the server looks for its PGlite database before the configuration loads', () => {
  it.each([
    [{}],
    [{ DATA_DIR: '/srv/mingo' }],
    [{ DATA_DIR: 'relative/dir' }],
    [{ DATA_DIR: '' }],
    [{ DATA_DIR: '/srv/mingo', DATABASE_URL: 'postgres://localhost/mingo' }],
    [{ DATABASE_URL: '' }],
  ] as NodeJS.ProcessEnv[][])('agrees with loadConfig for %j', (env) => {
    const config = loadConfig(env);
    expect(pgliteDataDirOf(env)).toBe(config.databaseUrl === undefined ? config.dataDir : undefined);
  });
});
