import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BoardEditorStateSchema, EditorMovieSchema, TmdbMovieSchema } from '../../shared/boards';
import { signedInAs } from '../../../tests/support/auth';
import { EVENTUALLY } from '../../../tests/support/eventually';
import { ENDLESS_POSTER_CAP, startFakeTmdbServer, type FakeTmdbServer } from '../../../tests/support/fake-tmdb-server';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

describe('TMDB look-up through the server (fake TMDB)', () => {
  let tmdb: FakeTmdbServer;
  let t: TestApp;
  let admin: Record<string, string>;
  let hasty: TestApp;
  let hastyAdmin: Record<string, string>;

  beforeAll(async () => {
    tmdb = await startFakeTmdbServer();
    const tmdbEnv = { TMDB_API_KEY: tmdb.apiKey, TMDB_API_URL: `${tmdb.url}/` };
    // The deadline is a bound for a loaded machine: an answer of the fake TMDB is never cut short.
    t = await createTestApp({ ...tmdbEnv, TMDB_TIMEOUT_MS: '60000' });
    admin = (await signedInAs(t, 'admin')).headers;
    // A short deadline only where TMDB never answers (mode "hang"), so that case ends quickly;
    // what is checked is the answer, not the time.
    hasty = await createTestApp({ ...tmdbEnv, TMDB_TIMEOUT_MS: '300' });
    hastyAdmin = (await signedInAs(hasty, 'admin')).headers;
  });
  afterAll(async () => {
    await t.close();
    await hasty.close();
    await tmdb.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

  it('says in the editor state that TMDB is configured', async () => {
    expect(BoardEditorStateSchema.parse((await get('/api/admin/boards')).json()).tmdb).toBe(true);
  });

  it('searches by title and year, and reads one movie’s details', async () => {
    const found = await get('/api/admin/tmdb/search?query=quiet%20lighthouse&year=2026');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      items: [{ tmdbId: 501, title: 'The Quiet Lighthouse', year: 2026, overview: 'A keeper and her lamp.', hasPoster: true }],
    });
    const all = (await get('/api/admin/tmdb/search?query=lighthouse')).json() as { items: { year: number | null }[] };
    expect(all.items.map((item) => item.year)).toEqual([2026, null]);
    const details = await get('/api/admin/tmdb/movies/501');
    expect(TmdbMovieSchema.parse(details.json())).toMatchObject({ tmdbId: 501, runtime: 104 });
    expect((await get('/api/admin/tmdb/movies/999')).statusCode).toBe(404);
    expect((await get('/api/admin/tmdb/search?query=')).statusCode).toBe(400);
  });

  it('downloads a poster from the TMDB image host into the media storage', async () => {
    const movie = EditorMovieSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/movies',
          headers: admin,
          payload: { name: 'The Quiet Lighthouse', year: 2026, starRatingA: 4, starRatingB: 4, runtime: 104 },
        })
      ).json(),
    );
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/movies/${movie.id}/poster`,
      headers: admin,
      payload: { tmdbId: 501 },
    });
    expect(response.statusCode).toBe(200);
    const updated = EditorMovieSchema.parse(response.json());
    expect(updated.poster.placeholder).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: updated.poster.src })).statusCode).toBe(200);
    expect(tmdb.requests).toContain('/t/p/w780/quiet.jpg');
    const none = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/movies/${movie.id}/poster`,
      headers: admin,
      payload: { tmdbId: 502 },
    });
    expect(none.statusCode).toBe(404);
  });

  it('stops a poster download at the size limit instead of reading it whole (issue 33)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/movies',
      headers: admin,
      payload: { name: 'The Endless Lighthouse', year: 2026, starRatingA: 3, starRatingB: 3, runtime: 99 },
    });
    const movie = EditorMovieSchema.parse(created.json());
    tmdb.setPosterMode('endless');
    try {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/movies/${movie.id}/poster`,
        headers: admin,
        payload: { tmdbId: 501 },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: { code: 'payload_too_large', message: 'The TMDB poster is too large.' } });
      // The server closed the download once past the limit: the fake TMDB never got to its end.
      await vi.waitFor(() => expect(tmdb.posterDownloads.at(-1)?.closedEarly).toBe(true), EVENTUALLY);
      expect(tmdb.posterDownloads.at(-1)?.sent).toBeLessThan(ENDLESS_POSTER_CAP);
    } finally {
      tmdb.setPosterMode('ok');
    }
    // The movie keeps its placeholder.
    const found = (await get('/api/admin/movies?q=endless%20lighthouse')).json() as {
      items: { id: string; poster: { placeholder: boolean } }[];
    };
    expect(found.items.find((entry) => entry.id === movie.id)?.poster.placeholder).toBe(true);
  });

  it.each(['down', 'hang'] as const)('answers 503 with a message the form can show when TMDB is %s', async (mode) => {
    const app = mode === 'hang' ? hasty : t;
    const headers = mode === 'hang' ? hastyAdmin : admin;
    const get = (url: string) => app.app.inject({ method: 'GET', url, headers });
    tmdb.setMode(mode);
    try {
      const response = await get('/api/admin/tmdb/search?query=lighthouse');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'service_unavailable', message: 'TMDB is not answering right now. Fill in the movie by hand, or try again later.' },
      });
      expect((await get('/api/admin/tmdb/movies/501')).statusCode).toBe(503);
    } finally {
      tmdb.setMode('ok');
    }
  });

  it('is for admins only', async () => {
    const staff = (await signedInAs(t, 'staff')).headers;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/tmdb/search?query=x', headers: staff })).statusCode).toBe(403);
  });
});

describe('TMDB look-up without TMDB_API_KEY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 404 (the form stays manual), and the editor state says so', async () => {
    const admin = (await signedInAs(t, 'admin')).headers;
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/tmdb/search?query=lighthouse', headers: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'TMDB look-up is not configured (TMDB_API_KEY): fill in the movie by hand.' },
    });
    const poster = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/movies/2018-roma/poster',
      headers: admin,
      payload: { tmdbId: 501 },
    });
    expect(poster.statusCode).toBe(404);
    expect(
      BoardEditorStateSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/boards', headers: admin })).json()).tmdb,
    ).toBe(false);
  });
});
