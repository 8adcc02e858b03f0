import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClipSchema } from '../../shared/clips';
import { createStorage } from '../media/create-storage';
import { newMediaKey, type MediaStorage } from '../media/storage';
import { startS3TestServer, type S3TestServer } from '../../../tests/support/s3-test-server';
import { signedInAs } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { EVENTUALLY } from '../../../tests/support/eventually';
import { createClipRepository } from './clip-repository';
import { startupMediaFiles, sweepOrphanMedia, sweepStalePendingMedia } from './media-sweep';
import { beginPendingBatch, HEARTBEAT_MS, PendingMediaLostError, removeBatchFiles, STALE_AFTER_MS } from './pending-media';
import { clipForm, sampleVideo } from '../../../tests/support/test-multipart';

const log = pino({ level: 'silent' });

/** Every pending_media key, oldest first. */
async function pendingKeys(t: TestApp): Promise<string[]> {
  const rows = await t.database.db.selectFrom('pending_media').select('key').orderBy('touched_at').execute();
  return rows.map((row) => row.key);
}

/** The last heartbeat for `key` came `seconds` ago, by the database's clock (what a process that died leaves). */
async function lastHeardOf(t: TestApp, key: string, seconds: number): Promise<void> {
  await t.database.db
    .updateTable('pending_media')
    .set({ touched_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
    .where('key', '=', key)
    .execute();
}

async function put(storage: MediaStorage, key: string): Promise<void> {
  await storage.put(key, Readable.from([sampleVideo()]), { contentType: 'video/webm', maxBytes: 10 * 1024 * 1024 });
}

function suite(name: string, env: () => Record<string, string>) {
  describe(`pending media and the sweep (${name})`, () => {
    let t: TestApp;
    let storage: MediaStorage;
    let ownerId: string;

    beforeAll(async () => {
      t = await createTestApp(env());
      storage = createStorage(t.config.storage);
      ownerId = (await signedInAs(t, 'staff')).user.id;
    });
    afterAll(async () => {
      await storage.close();
      await t.close();
    });
    afterEach(async () => {
      vi.useRealTimers();
      await t.database.db.deleteFrom('pending_media').execute();
    });

    it('removes the file of an upload whose process died once its record is stale, and keeps a live upload', async () => {
      const dead = beginPendingBatch(t.database.db, log);
      const deadKey = newMediaKey('webm');
      await dead.add([deadKey]);
      await put(storage, deadKey);
      dead.end(); // killed: no commit, no clean-up, no more heartbeats

      const live = beginPendingBatch(t.database.db, log);
      const liveKey = newMediaKey('webm');
      await live.add([liveKey]);
      await put(storage, liveKey);

      // Another instance sweeping now cannot tell them apart yet: both were heard from just now.
      expect(await sweepStalePendingMedia(t.database.db, storage, log, STALE_AFTER_MS)).toBe(0);
      expect(await storage.stat(deadKey)).not.toBeNull();

      await lastHeardOf(t, deadKey, STALE_AFTER_MS / 1000 + 1);
      expect(await sweepStalePendingMedia(t.database.db, storage, log, STALE_AFTER_MS)).toBe(1);
      expect(await storage.stat(deadKey)).toBeNull();
      expect(await storage.stat(liveKey)).not.toBeNull();
      expect(await pendingKeys(t)).toEqual([liveKey]);

      // The live upload commits its row and its record goes with the same transaction.
      await t.database.db.transaction().execute(async (trx) => {
        await createClipRepository(trx).insert({
          ownerId,
          title: 'Sinners',
          videoKey: liveKey,
          videoMime: 'video/webm',
          videoBytes: 1,
          screenshotKey: newMediaKey('jpg'),
          screenshotMime: 'image/jpeg',
        });
        await live.commit(trx);
      });
      live.end();
      expect(await pendingKeys(t)).toEqual([]);
    });

    it('refuses to commit a clip whose file a sweep has taken over', async () => {
      const slow = beginPendingBatch(t.database.db, log);
      const key = newMediaKey('webm');
      await slow.add([key]);
      await put(storage, key);
      await lastHeardOf(t, key, STALE_AFTER_MS / 1000 + 1);
      await sweepStalePendingMedia(t.database.db, storage, log, STALE_AFTER_MS);

      const committing = t.database.db.transaction().execute(async (trx) => {
        await createClipRepository(trx).insert({
          ownerId,
          title: 'Too late',
          videoKey: key,
          videoMime: 'video/webm',
          videoBytes: 1,
          screenshotKey: newMediaKey('jpg'),
          screenshotMime: 'image/jpeg',
        });
        await slow.commit(trx);
      });
      await expect(committing).rejects.toBeInstanceOf(PendingMediaLostError);
      slow.end();
      const rows = await t.database.db.selectFrom('clips').select('id').where('video_key', '=', key).execute();
      expect(rows).toEqual([]);
    });

    it('keeps the records of a live upload fresh with a heartbeat', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const live = beginPendingBatch(t.database.db, log);
      const key = newMediaKey('webm');
      await live.add([key]);
      await lastHeardOf(t, key, STALE_AFTER_MS / 1000 - 5);
      const touchedAt = async () =>
        (await t.database.db.selectFrom('pending_media').select('touched_at').where('key', '=', key).executeTakeFirstOrThrow()).touched_at;
      const before = await touchedAt();
      vi.advanceTimersByTime(HEARTBEAT_MS);
      // The heartbeat's write is waited for (EVENTUALLY bounds it), not timed.
      await vi.waitFor(async () => expect((await touchedAt()).getTime()).toBeGreaterThan(before.getTime()), EVENTUALLY);
      expect(await sweepStalePendingMedia(t.database.db, storage, log, STALE_AFTER_MS)).toBe(0);
      live.end();
    });

    it('keeps the record of a file that could not be removed, so that the sweep removes it later', async () => {
      const deleting = beginPendingBatch(t.database.db, log);
      const key = newMediaKey('webm');
      await put(storage, key);
      await deleting.add([key]);
      const unavailable: MediaStorage = { ...storage, remove: () => Promise.reject(new Error('storage unavailable')) };
      await removeBatchFiles(deleting, unavailable, log);
      deleting.end();
      expect(await pendingKeys(t)).toEqual([key]);

      await lastHeardOf(t, key, STALE_AFTER_MS / 1000 + 1);
      expect(await sweepStalePendingMedia(t.database.db, storage, log, STALE_AFTER_MS)).toBe(1);
      expect(await storage.stat(key)).toBeNull();
      expect(await pendingKeys(t)).toEqual([]);
    });

    it('leaves no record after an upload, a refused upload and a deletion', async () => {
      const staff = await signedInAs(t, 'staff');
      const send = (form: ReturnType<typeof clipForm>) =>
        t.app.inject({ method: 'POST', url: '/api/clips', headers: { ...staff.headers, ...form.headers }, payload: form.payload });
      const uploaded = await send(clipForm('Sinners'));
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      expect(await pendingKeys(t)).toEqual([]);

      const refused = await send(clipForm('Sinners', sampleVideo(), Buffer.from('not an image at all')));
      expect(refused.statusCode).toBe(415);
      expect(await pendingKeys(t)).toEqual([]);

      const clip = ClipSchema.parse(uploaded.json());
      expect((await t.app.inject({ method: 'DELETE', url: `/api/clips/${clip.docID}`, headers: staff.headers })).statusCode).toBe(204);
      expect(await pendingKeys(t)).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: clip.url })).statusCode).toBe(404);
    });
  });
}

suite('local storage', () => ({}));

describe('the start-up sweep of local media', () => {
  let t: TestApp;
  let storage: MediaStorage;
  beforeAll(async () => {
    t = await createTestApp();
    storage = createStorage(t.config.storage);
  });
  afterAll(async () => {
    await storage.close();
    await t.close();
  });

  /** A media file written two hours ago: past the grace a shared database gives unrecorded files. */
  async function oldFile(key: string): Promise<void> {
    await put(storage, key);
    const entry = startupMediaFiles(t.config).find((file) => file.name === key);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(entry?.parentPath ?? '', key), twoHoursAgo, twoHoursAgo);
  }

  it('removes the files no row or record names, of those listed before the database work', async () => {
    const ownerId = (await signedInAs(t, 'staff')).user.id;
    const named = newMediaKey('webm');
    await oldFile(named);
    await createClipRepository(t.database.db).insert({
      ownerId,
      title: 'The Quiet Lighthouse',
      videoKey: named,
      videoMime: 'video/webm',
      videoBytes: 1,
      screenshotKey: newMediaKey('jpg'),
      screenshotMime: 'image/jpeg',
    });
    const orphan = newMediaKey('webm');
    await oldFile(orphan);
    // An upload whose process died: the stale records' sweep removes its file after the listing.
    const dead = beginPendingBatch(t.database.db, log);
    const deadKey = newMediaKey('webm');
    await dead.add([deadKey]);
    await oldFile(deadKey);
    dead.end();
    await lastHeardOf(t, deadKey, STALE_AFTER_MS / 1000 + 1);

    const listed = startupMediaFiles(t.config);
    // Written after the listing: not this sweep's to judge.
    const later = newMediaKey('webm');
    await oldFile(later);
    await sweepOrphanMedia({ config: t.config, database: t.database, storage }, log, listed);

    expect(await storage.stat(orphan)).toBeNull();
    expect(await storage.stat(deadKey)).toBeNull();
    expect(await storage.stat(named)).not.toBeNull();
    expect(await storage.stat(later)).not.toBeNull();
    expect(await pendingKeys(t)).toEqual([]);
  });
});

describe('on S3', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3TestServer('mingo-sweep');
  });
  afterAll(async () => {
    await s3.close();
  });
  suite('S3 storage', () => s3.env);
});
