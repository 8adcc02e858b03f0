import { readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovieListSchema } from '../../shared/content';
import { ClipPageSchema } from '../../shared/clips';
import { signedInAs } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { DEMO_CLIPS, DEMO_OWNER, findDemoClipsDir, seedDemoClips } from './demo-clips';

const silentLog = pino({ level: 'silent' });

describe('demo clips', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('are titled after movies of the published boards and stay small', async () => {
    const movies = MovieListSchema.parse((await t.app.inject({ method: 'GET', url: '/data/movielist.json' })).json());
    const names = new Set(movies.map((movie) => movie.name));
    for (const clip of DEMO_CLIPS) expect(names.has(clip.title), clip.title).toBe(true);
    const dir = findDemoClipsDir();
    expect(dir).not.toBeNull();
    const total = DEMO_CLIPS.reduce(
      (sum, clip) =>
        sum +
        readFileSync(path.join(dir ?? '', `${clip.file}.webm`)).length +
        readFileSync(path.join(dir ?? '', `${clip.file}.jpg`)).length,
      0,
    );
    expect(total).toBeLessThan(500 * 1024);
  });

  it('are seeded once, owned by the admin, only with DEMO_DATA on', async () => {
    const { createStorage } = await import('../media/create-storage');
    const storage = createStorage(t.config.storage);
    const off = { config: { ...t.config, demoData: false }, database: t.database, storage };
    const on = { config: { ...t.config, demoData: true }, database: t.database, storage };

    const admin = await signedInAs(t, 'admin', { name: 'Demo Admin' });
    await seedDemoClips(off, silentLog);
    expect(ClipPageSchema.parse((await t.app.inject({ method: 'GET', url: '/api/clips' })).json()).items).toEqual([]);

    await seedDemoClips(on, silentLog);
    await seedDemoClips(on, silentLog);
    const page = ClipPageSchema.parse((await t.app.inject({ method: 'GET', url: '/api/clips?limit=50' })).json());
    expect(page.items.map((clip) => clip.title)).toEqual(DEMO_CLIPS.map((clip) => clip.title));
    expect(page.items.every((clip) => clip.displayName === 'Demo Admin' && clip.ownerId === admin.user.id)).toBe(true);
    const first = page.items[0];
    const video = await t.app.inject({ method: 'GET', url: first?.url ?? '', headers: { range: 'bytes=0-3' } });
    expect(video.statusCode).toBe(206);
    expect(video.rawPayload.toString('hex')).toBe('1a45dfa3');
    await storage.close();
  });

  it('without an admin are owned by a disabled account that cannot sign in', async () => {
    const fresh = await createTestApp();
    const { createStorage } = await import('../media/create-storage');
    const storage = createStorage(fresh.config.storage);
    await seedDemoClips({ config: { ...fresh.config, demoData: true }, database: fresh.database, storage }, silentLog);
    const page = ClipPageSchema.parse((await fresh.app.inject({ method: 'GET', url: '/api/clips?limit=50' })).json());
    expect(page.items).toHaveLength(DEMO_CLIPS.length);
    expect(page.items.every((clip) => clip.ownerId === DEMO_OWNER.id)).toBe(true);
    const owner = await fresh.database.db
      .selectFrom('user')
      .select(['banned', 'role'])
      .where('id', '=', DEMO_OWNER.id)
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({ banned: true, role: 'staff' });
    const credentials = await fresh.database.db.selectFrom('account').select('id').where('userId', '=', DEMO_OWNER.id).execute();
    expect(credentials).toEqual([]);
    await storage.close();
    await fresh.close();
  });
});
