import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BoardEditorStateSchema,
  EditorBoardSchema,
  EditorMovieSchema,
  PublicBoardListSchema,
  PublicBoardSchema,
  type EditorMovie,
} from '../../shared/boards';
import { MovieListSchema } from '../../shared/content';
import { PUBLIC_CACHE_CHANNEL } from '../cache/public-cache';
import { signedInAs, TEST_ORIGIN } from '../../../tests/support/auth';
import { multipart } from '../../../tests/support/test-multipart';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const seedFile = readFileSync('public/data/movielist.json', 'utf8');
const seed = MovieListSchema.parse(JSON.parse(seedFile));
const seedIds = (year: number) => seed.filter((_, i) => 2018 + Math.floor(i / 25) === year).map((movie) => movie.id);

/** 2026 board squares from the 2025 board's movies (a movie may sit on several boards). */
const fullSlots = (year: number) => seedIds(2025).map((id, position) => (position === 12 ? `${year}-free-space` : id));

const movieFields = (name: string) => ({
  name,
  year: 2026,
  description: 'A keeper and her lamp.',
  starDescriptionA: "Rosa's take",
  starRatingA: 4.5,
  starDescriptionB: "Dev's take",
  starRatingB: 3,
  runtime: 101,
});

const pngBytes = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('board routes', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let staff: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInAs(t, 'admin')).headers;
    staff = (await signedInAs(t, 'staff')).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const publicYears = async () => PublicBoardListSchema.parse((await get('/api/boards')).json()).items.map((board) => board.year);
  const putPoster = async (id: string, bytes: Buffer, contentType = 'image/png', field = 'poster') => {
    const form = multipart([{ name: field, filename: 'poster.bin', contentType, data: bytes }]);
    return t.app.inject({
      method: 'PUT',
      url: `/api/admin/movies/${id}/poster`,
      payload: form.payload,
      headers: { ...admin, ...form.headers },
    });
  };

  describe('public reads', () => {
    it('lists every seeded board, newest first, with the same ids in the same squares and their posters', async () => {
      const response = await get('/api/boards');
      expect(response.statusCode).toBe(200);
      const { items } = PublicBoardListSchema.parse(response.json());
      expect(items.map((board) => board.year)).toEqual([2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018]);
      const oldest = items.at(-1);
      expect(oldest?.movies.map((movie) => movie.id)).toEqual(seedIds(2018));
      expect(oldest?.movies[0]).toMatchObject({
        id: '2018-black-panther',
        imageURL: '/posters/2018-black-panther.svg',
        poster: { src: '/posters/2018-black-panther.svg', sources: [], placeholder: true },
      });
    });

    it('answers one published year, 404 for unknown years and years out of range, with ETag and 304', async () => {
      const response = await get('/api/boards/2019');
      expect(response.statusCode).toBe(200);
      expect(PublicBoardSchema.parse(response.json()).movies.map((movie) => movie.id)).toEqual(seedIds(2019));
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"/);
      expect((await get('/api/boards/2019', { 'if-none-match': etag })).statusCode).toBe(304);
      for (const url of ['/api/boards/2030', '/api/boards/1999', '/api/boards/abc', '/api/boards/2018.5']) {
        const missing = await get(url);
        expect(missing.statusCode, url).toBe(404);
        expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'There is no board for this year.' } });
      }
    });

    it('serves /data/movielist.json from the database exactly as the static file was (spec format, oldest year first)', async () => {
      const response = await get('/data/movielist.json');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual(JSON.parse(seedFile));
      expect((await get('/data/movielist.json', { 'if-none-match': String(response.headers.etag) })).statusCode).toBe(304);
    });
  });

  describe('access', () => {
    const adminRequests = () => [
      { method: 'GET' as const, url: '/api/admin/boards' },
      { method: 'POST' as const, url: '/api/admin/boards', payload: { year: 2031 } },
      { method: 'PUT' as const, url: '/api/admin/boards/2018/slots', payload: { slots: fullSlots(2018) } },
      { method: 'POST' as const, url: '/api/admin/boards/2018/publish' },
      { method: 'POST' as const, url: '/api/admin/boards/2018/unpublish' },
      { method: 'DELETE' as const, url: '/api/admin/boards/2018' },
      { method: 'GET' as const, url: '/api/admin/movies?q=quiet' },
      { method: 'POST' as const, url: '/api/admin/movies', payload: movieFields('The Forbidden Lighthouse') },
      { method: 'PATCH' as const, url: '/api/admin/movies/2018-roma', payload: { runtime: 1 } },
      { method: 'DELETE' as const, url: '/api/admin/movies/2018-roma/poster' },
    ];

    it('answers 401 to anonymous callers and 403 to staff on every board editor route, and changes nothing', async () => {
      for (const request of adminRequests()) {
        const anonymous = await t.app.inject({ ...request, headers: { origin: TEST_ORIGIN } });
        expect(anonymous.statusCode, `anonymous ${request.method} ${request.url}`).toBe(401);
        const asStaff = await t.app.inject({ ...request, headers: staff });
        expect(asStaff.statusCode, `staff ${request.method} ${request.url}`).toBe(403);
        expect(asStaff.json()).toMatchObject({ error: { code: 'forbidden' } });
      }
      const poster = multipart([{ name: 'poster', filename: 'p.png', contentType: 'image/png', data: await pngBytes(20, 30) }]);
      const upload = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/movies/2018-roma/poster',
        payload: poster.payload,
        headers: { ...staff, ...poster.headers },
      });
      expect(upload.statusCode).toBe(403);
      expect(await publicYears()).toContain(2018);
      const roma = await t.database.db
        .selectFrom('movies')
        .select(['runtime', 'poster_key'])
        .where('id', '=', '2018-roma')
        .executeTakeFirstOrThrow();
      expect(roma).toEqual({ runtime: seed.find((movie) => movie.id === '2018-roma')?.runtime, poster_key: null });
      expect(await t.database.db.selectFrom('boards').select('year').where('year', '=', 2031).execute()).toEqual([]);
    });

    it('refuses cross-site writes from a signed-in admin', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/boards/2018/unpublish',
        headers: { ...admin, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'cross_site_request' } });
      expect(await publicYears()).toContain(2018);
    });
  });

  describe('a draft board from creation to publication', () => {
    it('creates a draft with 24 empty squares and its Free Space, once per year', async () => {
      const created = await send('POST', '/api/admin/boards', { year: 2026 });
      expect(created.statusCode).toBe(201);
      const board = EditorBoardSchema.parse(created.json());
      expect(board).toMatchObject({ year: 2026, status: 'draft', publishedAt: null });
      expect(board.slots.filter((slot) => slot === null)).toHaveLength(24);
      expect(board.slots[12]).toBe('2026-free-space');
      const again = await send('POST', '/api/admin/boards', { year: 2026 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: { code: 'conflict', message: 'There is already a board for 2026.' } });
      for (const year of [1999, 2101, 2256, 'soon']) {
        expect((await send('POST', '/api/admin/boards', { year })).statusCode, String(year)).toBe(400);
      }
    });

    it('keeps the draft away from visitors: no tab, 404, not in the movie list', async () => {
      expect(await publicYears()).not.toContain(2026);
      expect((await get('/api/boards/2026')).statusCode).toBe(404);
      expect((await get('/data/movielist.json')).json()).toHaveLength(200);
    });

    it('shows the draft and its movies in the editor state', async () => {
      const response = await send('PUT', '/api/admin/boards/2026/slots', {
        slots: fullSlots(2026).map((id, i) => (i < 3 || i === 12 ? id : null)),
      });
      expect(response.statusCode).toBe(200);
      const state = BoardEditorStateSchema.parse((await get('/api/admin/boards', admin)).json());
      expect(state.tmdb).toBe(false);
      expect(state.boards.map((board) => board.year).slice(0, 2)).toEqual([2026, 2025]);
      const first = state.movies.find((movie) => movie.id === seedIds(2025)[0]);
      expect(first?.boards).toEqual([2026, 2025]);
      const free = state.movies.find((movie) => movie.id === '2026-free-space');
      expect(free).toMatchObject({ freeSpace: true, name: 'Free Space', boards: [2026], poster: { placeholder: true } });
    });

    it.each([
      ['the centre moved', (slots: (string | null)[]) => slots.map((id, i) => (i === 12 ? null : i === 0 ? '2026-free-space' : id))],
      ['a movie twice', (slots: (string | null)[]) => slots.map((id, i) => (i === 1 ? (slots[0] ?? null) : id))],
      ['an unknown movie', (slots: (string | null)[]) => slots.map((id, i) => (i === 1 ? 'no-such-movie' : id))],
      ['another year’s Free Space', (slots: (string | null)[]) => slots.map((id, i) => (i === 1 ? '2025-free-space' : id))],
      ['24 squares', (slots: (string | null)[]) => slots.slice(1)],
      ['a malformed id', (slots: (string | null)[]) => slots.map((id, i) => (i === 1 ? 'Not An Id' : id))],
    ])('refuses squares with %s (400) and keeps the board as it was', async (_, change) => {
      const response = await send('PUT', '/api/admin/boards/2026/slots', { slots: change(fullSlots(2026)) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
      const state = BoardEditorStateSchema.parse((await get('/api/admin/boards', admin)).json());
      expect(state.boards.find((board) => board.year === 2026)?.slots.filter((id) => id !== null)).toHaveLength(4);
    });

    it('refuses to publish while squares are empty, naming them', async () => {
      const slots = fullSlots(2026).map((id, i) => (i === 6 || i === 24 ? null : id));
      expect((await send('PUT', '/api/admin/boards/2026/slots', { slots })).statusCode).toBe(200);
      const response = await send('POST', '/api/admin/boards/2026/publish');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'conflict', message: 'Fill every square before publishing: I2, O5.' } });
    });

    it('publishes a complete board: visitors see it first, and the movie list grows by its 25 movies at the end', async () => {
      expect((await send('PUT', '/api/admin/boards/2026/slots', { slots: fullSlots(2026) })).statusCode).toBe(200);
      const published = await send('POST', '/api/admin/boards/2026/publish');
      expect(published.statusCode).toBe(200);
      expect(EditorBoardSchema.parse(published.json())).toMatchObject({ status: 'published', publishedAt: expect.any(String) as string });
      expect((await publicYears())[0]).toBe(2026);
      const board = PublicBoardSchema.parse((await get('/api/boards/2026')).json());
      expect(board.movies.map((movie) => movie.id)).toEqual(fullSlots(2026));
      const list = MovieListSchema.parse((await get('/data/movielist.json')).json());
      expect(list).toHaveLength(225);
      expect(list.slice(200).map((movie) => movie.id)).toEqual(fullSlots(2026));
    });

    it('locks a published board’s squares and refuses to delete it (409)', async () => {
      const response = await send('PUT', '/api/admin/boards/2026/slots', { slots: fullSlots(2026).map((id, i) => (i === 0 ? null : id)) });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'conflict', message: 'The 2026 board is published: unpublish it to change its squares.' },
      });
      expect((await send('DELETE', '/api/admin/boards/2026')).statusCode).toBe(409);
    });

    it('unpublishes (visitors lose it at once), then deletes the draft and keeps its movies', async () => {
      const response = await send('POST', '/api/admin/boards/2026/unpublish');
      expect(response.statusCode).toBe(200);
      expect(EditorBoardSchema.parse(response.json())).toMatchObject({ status: 'draft', publishedAt: null });
      expect(await publicYears()).not.toContain(2026);
      expect((await get('/api/boards/2026')).statusCode).toBe(404);
      const deleted = await send('DELETE', '/api/admin/boards/2026');
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      const movies = await t.database.db
        .selectFrom('movies')
        .select('id')
        .where('id', 'in', ['2026-free-space', ...seedIds(2025)])
        .execute();
      expect(movies).toHaveLength(26);
      for (const [method, url] of [
        ['DELETE', '/api/admin/boards/2026'],
        ['POST', '/api/admin/boards/2026/publish'],
        ['POST', '/api/admin/boards/2026/unpublish'],
        ['PUT', '/api/admin/boards/2026/slots'],
      ] as const) {
        const missing = await send(method, url, method === 'PUT' ? { slots: fullSlots(2026) } : undefined);
        expect(missing.statusCode, `${method} ${url}`).toBe(404);
      }
      // The year can start again, with the Free Space kept from before.
      expect((await send('POST', '/api/admin/boards', { year: 2026 })).statusCode).toBe(201);
    });
  });

  describe('movies', () => {
    let lighthouse: EditorMovie;

    it('finds movies by part of the title in any case, leaving out Free Spaces', async () => {
      const response = await get('/api/admin/movies?q=QUIET', admin);
      expect(response.statusCode).toBe(200);
      const items = EditorMovieSchema.array().parse((response.json() as { items: unknown }).items);
      expect(items.map((movie) => movie.id)).toEqual(['2018-a-quiet-place', '2021-a-quiet-place-part-ii']);
      expect(items[0]?.boards).toEqual([2018]);
      const free = (await get('/api/admin/movies?q=free%20space', admin)).json() as { items: unknown[] };
      expect(free.items).toEqual([]);
      const wildcard = (await get('/api/admin/movies?q=%25', admin)).json() as { items: unknown[] };
      expect(wildcard.items).toEqual([]);
      expect((await get('/api/admin/movies?limit=0', admin)).statusCode).toBe(400);
    });

    it('creates a movie with an id from its year and title, and a generated placeholder poster served from /media', async () => {
      const response = await send('POST', '/api/admin/movies', movieFields('The Quiet Lighthouse'));
      expect(response.statusCode).toBe(201);
      lighthouse = EditorMovieSchema.parse(response.json());
      expect(lighthouse).toMatchObject({ id: '2026-the-quiet-lighthouse', starRatingA: 4.5, runtime: 101, boards: [], freeSpace: false });
      expect(lighthouse.poster.placeholder).toBe(true);
      expect(lighthouse.imageURL).toBe(lighthouse.poster.src);
      expect(lighthouse.poster.src).toMatch(/^\/media\/poster-[0-9a-f-]+-320\.webp$/);
      // A generated placeholder is a flat drawing: WebP renditions only.
      expect(lighthouse.poster.sources.map((source) => source.type)).toEqual(['image/webp']);
      expect(lighthouse.poster.sources[0]?.srcset).toMatch(/-160\.webp 160w, .*-320\.webp 320w, .*-480\.webp 480w$/);
      const image = await get(lighthouse.poster.src);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 320, height: 480 });
      const second = EditorMovieSchema.parse((await send('POST', '/api/admin/movies', movieFields('The Quiet Lighthouse'))).json());
      expect(second.id).toBe('2026-the-quiet-lighthouse-2');
    });

    it.each([
      ['a rating not in halves', { starRatingA: 4.25 }],
      ['a rating above 5', { starRatingB: 5.5 }],
      ['a runtime over 600', { runtime: 601 }],
      ['a negative runtime', { runtime: -1 }],
      ['an empty title', { name: '   ' }],
      ['a title with a line break', { name: 'Two\nLines' }],
      ['a control character', { description: 'Bell\u0007' }],
      ['an unknown field', { id: 'my-own-id' }],
      ['a title too long', { name: 'x'.repeat(121) }],
    ])('refuses a movie with %s (400)', async (_, change) => {
      const response = await send('POST', '/api/admin/movies', { ...movieFields('The Refused Lighthouse'), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    });

    it('edits a movie on a published board: its id stays and visitors see the fix at once', async () => {
      const before = await get('/api/boards/2018');
      const original = PublicBoardSchema.parse(before.json()).movies.find((movie) => movie.id === '2018-roma');
      expect(original?.description).not.toBe('');
      const response = await send('PATCH', '/api/admin/movies/2018-roma', { name: 'Roma (fixed)', starRatingB: 2.5 });
      expect(response.statusCode).toBe(200);
      expect(EditorMovieSchema.parse(response.json())).toMatchObject({
        id: '2018-roma',
        name: 'Roma (fixed)',
        starRatingB: 2.5,
        boards: [2018],
        // A patch changes only what it sends.
        description: original?.description,
        starDescriptionA: original?.starDescriptionA,
        starDescriptionB: original?.starDescriptionB,
      });
      const after = await get('/api/boards/2018', { 'if-none-match': String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(PublicBoardSchema.parse(after.json()).movies.find((movie) => movie.id === '2018-roma')?.name).toBe('Roma (fixed)');
      expect((await get('/data/movielist.json')).body).toContain('"Roma (fixed)"');
    });

    it('redraws a placeholder when the title changes', async () => {
      const response = await send('PATCH', `/api/admin/movies/${lighthouse.id}`, { name: 'The Quieter Lighthouse' });
      const renamed = EditorMovieSchema.parse(response.json());
      expect(renamed.id).toBe(lighthouse.id);
      expect(renamed.poster.src).not.toBe(lighthouse.poster.src);
      expect((await get(lighthouse.poster.src)).statusCode).toBe(404);
      lighthouse = renamed;
    });

    it('answers 404 for unknown movies and refuses to edit a Free Space', async () => {
      expect((await send('PATCH', '/api/admin/movies/no-such-movie', { runtime: 3 })).statusCode).toBe(404);
      expect((await send('PATCH', '/api/admin/movies/NOT%20AN%20ID', { runtime: 3 })).statusCode).toBe(404);
      expect((await send('PATCH', '/api/admin/movies/2018-free-space', { name: 'Bonus' })).statusCode).toBe(400);
      expect((await send('PATCH', '/api/admin/movies/2018-roma', { runtime: 601 })).statusCode).toBe(400);
    });
  });

  describe('posters', () => {
    it('turns an upload into WebP and AVIF renditions (2:3) and removes the old files', async () => {
      const before = EditorMovieSchema.parse((await send('POST', '/api/admin/movies', movieFields('The Painted Lighthouse'))).json());
      const response = await putPoster(before.id, await pngBytes(900, 1200));
      expect(response.statusCode).toBe(200);
      const movie = EditorMovieSchema.parse(response.json());
      expect(movie.poster.placeholder).toBe(false);
      expect(movie.poster.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
      expect(movie.poster.src).not.toBe(before.poster.src);
      const avif = movie.poster.sources[0]?.srcset.split(', ')[2]?.split(' ')[0] ?? '';
      const served = await get(avif);
      expect(served.headers['content-type']).toBe('image/avif');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 480, height: 720 });
      expect((await get(before.poster.src)).statusCode).toBe(404);

      const removed = EditorMovieSchema.parse((await send('DELETE', `/api/admin/movies/${movie.id}/poster`)).json());
      expect(removed.poster.placeholder).toBe(true);
      expect((await get(movie.poster.src)).statusCode).toBe(404);
      expect((await get(removed.poster.src)).statusCode).toBe(200);
    });

    it('strips EXIF and turns the picture upright by its orientation', async () => {
      // 300 × 200 stored sideways (orientation 6: shown turned 90° clockwise): red on top, blue below.
      const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff0000' } })
        .composite([{ input: await pngBytes(300, 100, '#0000ff'), top: 100, left: 0 }])
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Someone, somewhere' } } })
        .toBuffer();
      const movie = EditorMovieSchema.parse((await send('POST', '/api/admin/movies', movieFields('The Sideways Lighthouse'))).json());
      const uploaded = EditorMovieSchema.parse((await putPoster(movie.id, sideways, 'image/jpeg')).json());
      const served = await get(uploaded.poster.src);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ width: 320, height: 480 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      // Upright, the red half is on the right and the blue half on the left.
      const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
      ];
      expect(pixel(40, 240)[2]).toBeGreaterThan(200);
      expect(pixel(280, 240)[0]).toBeGreaterThan(200);
    });

    it.each([
      [
        'a GIF',
        () =>
          sharp({ create: { width: 20, height: 30, channels: 3, background: '#000' } })
            .gif()
            .toBuffer(),
        415,
      ],
      ['an SVG', () => Promise.resolve(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="3"/>')), 415],
      ['text named .png', () => Promise.resolve(Buffer.from('not a picture at all')), 415],
      ['a file over 10 MB', () => Promise.resolve(Buffer.alloc(10 * 1024 * 1024 + 1, 1)), 413],
    ])('refuses %s', async (_, bytes, status) => {
      const response = await putPoster('2018-roma', await bytes());
      expect(response.statusCode).toBe(status);
      const row = await t.database.db.selectFrom('movies').select('poster_key').where('id', '=', '2018-roma').executeTakeFirstOrThrow();
      expect(row.poster_key).toBeNull();
    });

    it('refuses other fields, a missing file and unknown movies', async () => {
      expect((await putPoster('2018-roma', await pngBytes(20, 30), 'image/png', 'image')).statusCode).toBe(400);
      const empty = multipart([]);
      const none = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/movies/2018-roma/poster',
        payload: empty.payload,
        headers: { ...admin, ...empty.headers },
      });
      expect(none.statusCode).toBe(400);
      expect((await putPoster('no-such-movie', await pngBytes(20, 30))).statusCode).toBe(404);
      expect((await send('DELETE', '/api/admin/movies/no-such-movie/poster')).statusCode).toBe(404);
    });
  });

  it('tells every instance to drop its cached boards when a board or movie changes', async () => {
    const heard: string[] = [];
    const stop = await t.database.listen(PUBLIC_CACHE_CHANNEL, {
      onNotify: (payload) => heard.push(payload),
      onConnected: () => undefined,
    });
    try {
      await send('PATCH', '/api/admin/movies/2018-roma', { runtime: 135 });
      await send('POST', '/api/admin/boards', { year: 2040 });
      await expect.poll(() => heard.filter((payload) => payload === 'boards').length).toBeGreaterThanOrEqual(2);
    } finally {
      await stop();
    }
  });
});
