import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AllClipsPageSchema,
  ClipPageSchema,
  ClipSchema,
  OwnedClipPageSchema,
  OwnedClipSchema,
  type Clip,
  type OwnedClip,
} from '../../shared/clips';
import { createClipRepository } from '../clips/clip-repository';
import { clipForm, filesUnder, multipart, PNG_BYTES, sampleScreenshot, sampleVideo } from '../../../tests/support/test-multipart';
import { startS3TestServer, type S3TestServer } from '../../../tests/support/s3-test-server';
import { signedInAs } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

type Session = Awaited<ReturnType<typeof signedInAs>>;

async function upload(t: TestApp, session: Session, form: ReturnType<typeof multipart>) {
  return t.app.inject({ method: 'POST', url: '/api/clips', headers: { ...session.headers, ...form.headers }, payload: form.payload });
}

describe('clips API', () => {
  let t: TestApp;
  let staff: Session;
  let otherStaff: Session;
  let admin: Session;
  const mediaRoot = () => path.join(t.dataDir, 'media');

  beforeAll(async () => {
    t = await createTestApp({ MAX_CLIP_BYTES: String(sampleVideo().length) });
    staff = await signedInAs(t, 'staff', { name: 'Rosa Reel' });
    otherStaff = await signedInAs(t, 'staff', { name: 'Dev Other' });
    admin = await signedInAs(t, 'admin', { name: 'Ada Admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('upload', () => {
    it('stores the video and screenshot and answers with the clip', async () => {
      const sent = Date.now();
      const response = await upload(t, staff, clipForm('Sinners'));
      expect(response.statusCode, response.body).toBe(201);
      const clip = OwnedClipSchema.parse(response.json());
      expect(clip).toMatchObject({ title: 'Sinners', displayName: 'Rosa Reel', ownerId: staff.user.id });
      expect(clip.url).toMatch(/^\/media\/[0-9a-f-]{36}\.webm$/);
      expect(clip.screenshotURL).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/);
      // Stamped while the request was being served.
      expect(Date.parse(clip.timestamp)).toBeGreaterThanOrEqual(sent);
      expect(Date.parse(clip.timestamp)).toBeLessThanOrEqual(Date.now());

      const video = await t.app.inject({ method: 'GET', url: clip.url });
      expect(video.statusCode).toBe(200);
      expect(video.headers['content-type']).toBe('video/webm');
      expect(video.rawPayload.equals(sampleVideo())).toBe(true);
      const screenshot = await t.app.inject({ method: 'GET', url: clip.screenshotURL });
      expect(screenshot.headers['content-type']).toBe('image/jpeg');
      expect(screenshot.rawPayload.equals(sampleScreenshot())).toBe(true);

      const fetched = await t.app.inject({ method: 'GET', url: `/api/clips/${clip.docID}` });
      // The public answer leaves the owner's account id out.
      const { ownerId: _ownerId, ...publicClip } = clip;
      expect(fetched.json()).toEqual(publicClip);
    });

    it('keeps the title as typed (outer white space aside) and never uses the client file name', async () => {
      const form = multipart([
        { name: 'title', value: '  <b>Nope</b> & "quotes"  ' },
        { name: 'video', filename: '../../../../etc/passwd.webm', contentType: 'video/webm', data: sampleVideo() },
        { name: 'screenshot', filename: '..\\..\\evil.jpg', contentType: 'image/jpeg', data: sampleScreenshot() },
      ]);
      const response = await upload(t, staff, form);
      expect(response.statusCode, response.body).toBe(201);
      const clip = ClipSchema.parse(response.json());
      expect(clip.title).toBe('<b>Nope</b> & "quotes"');
      const files = await filesUnder(mediaRoot());
      expect(
        files.every((file) => /^[0-9a-f]{2}\/[0-9a-f-]{36}\.(webm|jpg)$/.test(file.split(path.sep).join('/'))),
        files.join(),
      ).toBe(true);
      expect(files.some((file) => file.includes('passwd') || file.includes('evil'))).toBe(false);
    });

    it.each([
      ['a PNG named .mp4', PNG_BYTES, 415, /MP4 or WebM/],
      ['an HTML page named .mp4', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 415, /MP4 or WebM/],
      ['an empty file', Buffer.alloc(0), 400, /empty/],
    ])('refuses %s as the video and stores nothing', async (_name, data, status, message) => {
      const before = await filesUnder(mediaRoot());
      const form = multipart([
        { name: 'title', value: 'Sinners' },
        { name: 'video', filename: 'movie.mp4', contentType: 'video/mp4', data },
        { name: 'screenshot', filename: 'shot.jpg', contentType: 'image/jpeg', data: sampleScreenshot() },
      ]);
      const response = await upload(t, staff, form);
      expect(response.statusCode).toBe(status);
      expect(response.json().error.message).toMatch(message);
      expect(await filesUnder(mediaRoot())).toEqual(before);
    });

    it('refuses a screenshot that is not an image, removing the video already stored', async () => {
      const before = await filesUnder(mediaRoot());
      const form = clipForm('Sinners', sampleVideo(), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
      const response = await upload(t, staff, form);
      expect(response.statusCode).toBe(415);
      expect(response.json().error.message).toMatch(/JPEG, PNG or WebP/);
      expect(await filesUnder(mediaRoot())).toEqual(before);
    });

    it('refuses a video one byte over the limit with 413, removing the partial file', async () => {
      const before = await filesUnder(mediaRoot());
      const tooBig = Buffer.concat([sampleVideo(), Buffer.from([0])]);
      const response = await upload(t, staff, clipForm('Sinners', tooBig));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
      expect(response.json().error.message).toMatch(/too large: the limit is/);
      expect(response.headers.connection).toBe('close');
      expect(await filesUnder(mediaRoot())).toEqual(before);
    });

    it('refuses a request whose declared size cannot fit before reading it', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/clips',
        headers: { ...staff.headers, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(1024 ** 3) },
        payload: '--x--\r\n',
      });
      expect(response.statusCode).toBe(413);
    });

    it('refuses two videos, missing parts and unknown fields, leaving no files', async () => {
      const before = await filesUnder(mediaRoot());
      const twoVideos = multipart([
        { name: 'title', value: 'Sinners' },
        { name: 'video', filename: 'a.webm', contentType: 'video/webm', data: sampleVideo() },
        { name: 'video', filename: 'b.webm', contentType: 'video/webm', data: sampleVideo() },
        { name: 'screenshot', filename: 'shot.jpg', contentType: 'image/jpeg', data: sampleScreenshot() },
      ]);
      const cases = [
        [twoVideos, /exactly one video/],
        [
          multipart([
            { name: 'title', value: 'Sinners' },
            { name: 'video', filename: 'a.webm', contentType: 'video/webm', data: sampleVideo() },
          ]),
          /screenshot is missing/,
        ],
        [
          multipart([
            { name: 'video', filename: 'a.webm', contentType: 'video/webm', data: sampleVideo() },
            { name: 'screenshot', filename: 's.jpg', contentType: 'image/jpeg', data: sampleScreenshot() },
          ]),
          /title is missing/,
        ],
        [
          multipart([
            { name: 'title', value: 'Sinners' },
            { name: 'avatar', filename: 'a.jpg', contentType: 'image/jpeg', data: sampleScreenshot() },
          ]),
          /Unexpected file field/,
        ],
        [clipForm('ab'), /at least 3/],
        [clipForm('x'.repeat(101)), /at most 100/],
      ] as const;
      for (const [form, message] of cases) {
        const response = await upload(t, staff, form);
        expect(response.statusCode, String(message)).toBe(400);
        expect(response.json().error.message).toMatch(message);
      }
      expect(await filesUnder(mediaRoot())).toEqual(before);
    });

    it('is for signed-in staff only, and refuses other content types', async () => {
      const form = clipForm('Sinners');
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/clips', headers: form.headers, payload: form.payload });
      expect(anonymous.statusCode).toBe(401);
      const json = await t.app.inject({ method: 'POST', url: '/api/clips', headers: staff.headers, payload: { title: 'Sinners' } });
      expect(json.statusCode).toBe(415);
    });

    it('tells the client the limits', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/clips/upload-limits' });
      expect(response.json()).toMatchObject({ maxClipBytes: sampleVideo().length, videoTypes: ['video/mp4', 'video/webm'] });
    });
  });

  describe('reading', () => {
    it('finds the newest clip with exactly a title, and answers null when there is none', async () => {
      const older = ClipSchema.parse((await upload(t, staff, clipForm('Superman'))).json());
      const newer = ClipSchema.parse((await upload(t, otherStaff, clipForm('Superman'))).json());
      expect(Date.parse(newer.timestamp)).toBeGreaterThanOrEqual(Date.parse(older.timestamp));
      const found = await t.app.inject({ method: 'GET', url: `/api/clips/by-title/${encodeURIComponent('Superman')}` });
      expect(found.json()).toEqual({ clip: newer });
      for (const title of ['superman', 'Superman ', 'Nobody Made This']) {
        const none = await t.app.inject({ method: 'GET', url: `/api/clips/by-title/${encodeURIComponent(title)}` });
        expect(none.statusCode).toBe(200);
        expect(none.json()).toEqual({ clip: null });
      }
    });

    it('answers unknown and malformed ids with 404', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/clips/${encodeURIComponent(id)}` });
        expect(response.statusCode, id).toBe(404);
      }
    });
  });

  describe('update and delete permissions', () => {
    let clip: Clip;
    beforeAll(async () => {
      clip = ClipSchema.parse((await upload(t, staff, clipForm('Oppenheimer'))).json());
    });

    it('lets only the owner or an admin rename a clip', async () => {
      const patch = (headers: Record<string, string>, title: string) =>
        t.app.inject({ method: 'PATCH', url: `/api/clips/${clip.docID}`, headers, payload: { title } });
      expect((await patch({}, 'Barbie')).statusCode).toBe(401);
      expect((await patch(otherStaff.headers, 'Barbie')).statusCode).toBe(403);
      const byOwner = await patch(staff.headers, 'Barbie');
      expect(byOwner.statusCode).toBe(200);
      expect(byOwner.json()).toMatchObject({ docID: clip.docID, title: 'Barbie', displayName: 'Rosa Reel' });
      const byAdmin = await patch(admin.headers, 'Oppenheimer');
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json()).toMatchObject({ title: 'Oppenheimer', displayName: 'Rosa Reel' });
      expect((await patch(staff.headers, 'ab')).statusCode).toBe(400);
      const missing = await t.app.inject({
        method: 'PATCH',
        url: '/api/clips/00000000-0000-4000-8000-000000000000',
        headers: staff.headers,
        payload: { title: 'Whatever' },
      });
      expect(missing.statusCode).toBe(404);
    });

    it('lets only the owner or an admin delete a clip, removing its row and both files', async () => {
      const second = ClipSchema.parse((await upload(t, staff, clipForm('Barbie'))).json());
      const del = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'DELETE', url: `/api/clips/${id}`, headers });
      expect((await del({}, clip.docID)).statusCode).toBe(401);
      expect((await del(otherStaff.headers, clip.docID)).statusCode).toBe(403);

      expect((await del(staff.headers, clip.docID)).statusCode).toBe(204);
      expect((await del(admin.headers, second.docID)).statusCode).toBe(204);
      for (const gone of [clip, second]) {
        expect((await t.app.inject({ method: 'GET', url: `/api/clips/${gone.docID}` })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: gone.url })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: gone.screenshotURL })).statusCode).toBe(404);
      }
      expect((await del(staff.headers, clip.docID)).statusCode).toBe(404);
    });
  });
});

describe('clip lists', () => {
  let t: TestApp;
  let owner: Session;
  let other: Session;
  const base = Date.parse('2026-03-01T12:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInAs(t, 'staff', { name: 'Owner' });
    other = await signedInAs(t, 'staff', { name: 'Other' });
    const clips = createClipRepository(t.database.db);
    // 23 clips; five pairs share a timestamp, so the id breaks the ties.
    for (let i = 0; i < 23; i += 1) {
      await clips.insert({
        ownerId: i % 3 === 0 ? other.user.id : owner.user.id,
        title: `Clip ${String(i).padStart(2, '0')}`,
        videoKey: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}.webm`,
        videoMime: 'video/webm',
        videoBytes: 100,
        screenshotKey: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}.jpg`,
        screenshotMime: 'image/jpeg',
        createdAt: new Date(base + Math.floor(i / 2) * 1000 + (i % 2 === 0 ? 0 : 0.5)),
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every page of a list; signed-in lists (`headers`) name each clip's owner, the public one must not. */
  async function collect(url: (cursor: string | null) => string, headers: Record<string, string> = {}) {
    const pages: (Clip & Partial<Pick<OwnedClip, 'ownerId'>>)[][] = [];
    let cursor: string | null = null;
    do {
      const response = await t.app.inject({ method: 'GET', url: url(cursor), headers });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ items: object[] }>();
      const isPublic = headers.cookie === undefined;
      for (const item of body.items) expect('ownerId' in item).toBe(!isPublic);
      const page = (isPublic ? ClipPageSchema : OwnedClipPageSchema).parse(body);
      pages.push(page.items);
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 20);
    return pages;
  }

  const isNewestFirst = (items: Clip[]) => items.every((item, i) => i === 0 || (items[i - 1]?.timestamp ?? '') >= item.timestamp);

  it('pages through every clip newest first, without gaps or repeats', async () => {
    const pages = await collect((cursor) => `/api/clips?limit=5${cursor === null ? '' : `&cursor=${cursor}`}`);
    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 3]);
    const all = pages.flat();
    expect(new Set(all.map((clip) => clip.docID)).size).toBe(23);
    expect(isNewestFirst(all)).toBe(true);
    expect(all[0]?.title).toMatch(/Clip 2[12]/);
  });

  it('uses 8 per page by default and treats a foreign cursor as the end', async () => {
    const first = ClipPageSchema.parse((await t.app.inject({ method: 'GET', url: '/api/clips' })).json());
    expect(first.items).toHaveLength(8);
    expect(first.nextCursor).not.toBeNull();
    const bogus = await t.app.inject({ method: 'GET', url: '/api/clips?cursor=bm9wZQ' });
    expect(bogus.json()).toEqual({ items: [], nextCursor: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/clips?limit=0' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/clips?limit=51' })).statusCode).toBe(400);
  });

  it("lists the signed-in user's own clips, newest (1) or oldest (2) first, anything else as 1", async () => {
    const newest = (await collect((c) => `/api/me/clips?sort=1&limit=4${c === null ? '' : `&cursor=${c}`}`, owner.headers)).flat();
    expect(newest).toHaveLength(15);
    expect(newest.every((clip) => clip.ownerId === owner.user.id)).toBe(true);
    expect(isNewestFirst(newest)).toBe(true);
    const oldest = (await collect((c) => `/api/me/clips?sort=2&limit=4${c === null ? '' : `&cursor=${c}`}`, owner.headers)).flat();
    expect(oldest.map((clip) => clip.docID)).toEqual([...newest].reverse().map((clip) => clip.docID));
    const odd = ClipPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/me/clips?sort=banana', headers: owner.headers })).json(),
    );
    expect(odd.items.map((clip) => clip.docID)).toEqual(newest.slice(0, 8).map((clip) => clip.docID));
    expect((await t.app.inject({ method: 'GET', url: '/api/me/clips' })).statusCode).toBe(401);
  });

  it("gives admins every user's clips with the owner shown, filterable by owner, in the same sort; staff get 403", async () => {
    const admin = await signedInAs(t, 'admin', { name: 'Boss' });
    const everyone = (await collect((c) => `/api/clips/all?sort=1&limit=6${c === null ? '' : `&cursor=${c}`}`, admin.headers)).flat();
    expect(everyone).toHaveLength(23);
    expect(isNewestFirst(everyone)).toBe(true);
    expect(new Set(everyone.map((clip) => clip.displayName))).toEqual(new Set(['Owner', 'Other']));
    const page = AllClipsPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/clips/all?owner=${other.user.id}&sort=2&limit=50`, headers: admin.headers })).json(),
    );
    expect(page.items).toHaveLength(8);
    expect(page.items.every((clip) => clip.ownerId === other.user.id)).toBe(true);
    expect(page.items.map((clip) => clip.docID)).toEqual(
      everyone
        .filter((clip) => clip.ownerId === other.user.id)
        .reverse()
        .map((clip) => clip.docID),
    );
    expect(page.owners).toEqual([
      { id: other.user.id, name: 'Other' },
      { id: owner.user.id, name: 'Owner' },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/clips/all', headers: owner.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/clips/all' })).statusCode).toBe(401);
  });
});

describe('clips on S3 storage', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let staff: Session;
  beforeAll(async () => {
    s3 = await startS3TestServer('mingo-clips');
    t = await createTestApp(s3.env);
    staff = await signedInAs(t, 'staff');
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('uploads, streams a range and deletes through the bucket', async () => {
    const response = await upload(t, staff, clipForm('Sinners'));
    expect(response.statusCode, response.body).toBe(201);
    const clip = ClipSchema.parse(response.json());
    const range = await t.app.inject({ method: 'GET', url: clip.url, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(sampleVideo().subarray(0, 100))).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/clips/${clip.docID}`, headers: staff.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: clip.url })).statusCode).toBe(404);
  });
});
