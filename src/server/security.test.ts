import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSameOriginWrite } from './security';
import { signedInAs, TEST_ORIGIN } from '../../tests/support/auth';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

const ALLOWED = new Set([TEST_ORIGIN, 'http://127.0.0.1:3000']);
const COOKIE = 'mingo.session_token=abc';

describe('isSameOriginWrite (decision 190)', () => {
  it.each([
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', cookie: COOKIE }, true],
    ['Sec-Fetch-Site same-origin, no cookie', { 'sec-fetch-site': 'same-origin' }, true],
    ['Sec-Fetch-Site same-origin wins over a foreign Origin', { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }, true],
    ['Sec-Fetch-Site none (a navigation the user started)', { 'sec-fetch-site': 'none', cookie: COOKIE }, false],
    ['Sec-Fetch-Site none, no cookie', { 'sec-fetch-site': 'none' }, false],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site', origin: TEST_ORIGIN }, false],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: TEST_ORIGIN }, false],
    ['Sec-Fetch-Site twice', { 'sec-fetch-site': ['same-origin', 'same-origin'] }, false],
    ['the site’s Origin, with a cookie', { origin: TEST_ORIGIN, cookie: COOKIE }, true],
    ['the site’s other Origin', { origin: 'http://127.0.0.1:3000', cookie: COOKIE }, true],
    ['a foreign Origin', { origin: 'https://evil.example' }, false],
    ['Origin null', { origin: 'null', cookie: COOKIE }, false],
    ['an empty Origin', { origin: '', cookie: COOKIE }, false],
    ['neither header, no cookie (not a browser page)', {}, true],
    ['neither header, an empty Cookie header', { cookie: '' }, true],
    ['neither header, the session cookie', { cookie: COOKIE }, false],
    ['neither header, the player cookie', { cookie: `mingo_player=${'A'.repeat(43)}` }, false],
    ['neither header, any cookie', { cookie: 'theme=dark' }, false],
  ])('%s → %s', (_, headers, expected) => {
    expect(isSameOriginWrite(headers, ALLOWED)).toBe(expected);
  });
});

describe('cookie-authenticated writes need Origin or Sec-Fetch-Site (issue 33)', () => {
  let t: TestApp;
  let staff: { cookie: string };
  let player: string;

  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await signedInAs(t, 'admin');
    staff = { cookie: signedIn.headers.cookie ?? '' };
    const board = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/boards/2025' })).body) as { movies: { id: string }[] };
    const synced = await t.app.inject({
      method: 'PUT',
      url: '/api/me/marks',
      headers: { origin: TEST_ORIGIN },
      payload: { changes: [{ movieId: board.movies[0]?.id, seen: true, at: new Date().toISOString() }] },
    });
    expect(synced.statusCode).toBe(200);
    player = String(synced.headers['set-cookie']).split(';')[0] ?? '';
    expect(player).toMatch(/^mingo_player=/);
  });
  afterAll(async () => {
    await t.close();
  });

  const createBoard = (headers: Record<string, string>, year: number) =>
    t.app.inject({ method: 'POST', url: '/api/admin/boards', headers, payload: { year } });
  const createLeague = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/leagues', headers, payload: { name: 'Club', year: 2025, nickname: 'Ana' } });

  it('refuses a staff session’s write without either header, as a cross-site request', async () => {
    const response = await createBoard(staff, 2040);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'cross_site_request', message: 'Cross-site requests are not allowed.' } });
    expect((await createBoard({ ...staff, 'sec-fetch-site': 'none' }, 2040)).statusCode).toBe(403);
    // Nothing was made.
    const editor = await t.app.inject({ method: 'GET', url: '/api/admin/boards', headers: staff });
    expect((editor.json() as { boards: { year: number }[] }).boards.map((board) => board.year)).not.toContain(2040);
  });

  it('refuses a player’s write (the mingo_player cookie) without either header', async () => {
    const response = await createLeague({ cookie: player });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'cross_site_request' } });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: player } });
    expect((me.json() as { leagues: unknown[] }).leagues).toEqual([]);
  });

  it('takes the same writes with the site’s Origin or Sec-Fetch-Site: same-origin', async () => {
    expect((await createBoard({ ...staff, origin: TEST_ORIGIN }, 2041)).statusCode).toBe(201);
    expect((await createBoard({ ...staff, 'sec-fetch-site': 'same-origin' }, 2042)).statusCode).toBe(201);
    expect((await createLeague({ cookie: player, origin: TEST_ORIGIN })).statusCode).toBe(201);
    expect((await createLeague({ cookie: player, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
  });

  it('leaves reads, cookie-less clients and signed webhooks alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: player } })).statusCode).toBe(200);
    // No cookie and no browser headers: a script. It is refused for what it is (signed out), not as cross-site.
    expect((await createBoard({}, 2043)).statusCode).toBe(401);
    // A webhook is authenticated by its signature; a stray cookie does not make it cross-site.
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { cookie: COOKIE, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).not.toBe(403);
  });
});
