import { randomInt as cryptoRandomInt } from 'node:crypto';
import { z } from 'zod';
import { cellIndex, cellPick, FREE_SPACE_NAME } from '../../domain/boards';
import {
  makeLeagueCode,
  markedCells,
  mergeMarks,
  nextStanding,
  NO_STANDING,
  nicknameKey,
  rankMembers,
  type MarkState,
  type Standing,
} from '../../domain/leagues';
import { drawPick, shuffledDeck, type Rng } from '../../domain/random-pick';
import { conflict, forbidden, notFound, validationFailed } from '../../shared/errors';
import {
  ClosedEventSchema,
  feedItemsOf,
  LEAGUE_LIMITS,
  LeagueDrawSchema,
  MarksEventSchema,
  MemberStateSchema,
  UNKNOWN_LEAGUE,
  type AdminLeagues,
  type DeviceLink,
  type FeedEntry,
  type League,
  type LeagueDraw,
  type LeagueEvent,
  type LeagueInvite,
  type LeagueState,
  type MarkChangeInput,
  type Me,
  type MemberState,
} from '../../shared/leagues';
import type { Db, Executor } from '../db/database';
import { createLeagueRepository, isUniqueViolation, standingOf, type EventRow, type LeagueRow, type MemberRow } from './league-repository';
import { hashSecret, isSecret, newSecret } from './player-cookie';
import { createPlayerRepository, type PlayerRow } from './player-repository';

/** How a forgotten player's events name them. */
export const FORMER_PLAYER = 'a former player';
/** A stream that asks to resume further back than this many events gets the whole state instead. */
export const MAX_REPLAY = 500;
const LINK_MS = LEAGUE_LIMITS.linkMinutes * 60_000;

export type LeagueServiceOptions = {
  /** LEAGUE_MAX_MEMBERS: a friends' league's size. */
  memberLimit: number;
  /** For the invite's absolute join link. */
  publicUrl: string;
  now?: () => number;
  /** Codes and draws: unpredictable by default (crypto), seeded in tests. */
  rng?: Rng;
};

/** A player key the route must set as the cookie (a new player, or a device link spent). */
export type WithKey<T> = { result: T; newKey?: string };

const cryptoRng: Rng = () => cryptoRandomInt(0x1_0000_0000) / 0x1_0000_0000;
const iso = (date: Date | null): string | null => date?.toISOString() ?? null;
const isoMs = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

// What the log stores per kind: the wire's data without the nicknames (read from the members at
// delivery, so a forgotten player's events name "a former player") and without a reset's state
// (built when it is sent).
const StoredMemberSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('joined'), member: MemberStateSchema.omit({ nickname: true }) }),
  z.object({ action: z.enum(['left', 'removed']) }),
]);
const StoredMarksSchema = MarksEventSchema.omit({ memberId: true, nickname: true });
const StoredResetSchema = z.object({ reason: z.enum(['renamed', 'code', 'owner']), name: z.string() });

type StoredMember = z.infer<typeof StoredMemberSchema>;
type StoredMarks = z.infer<typeof StoredMarksSchema>;
type StoredReset = z.infer<typeof StoredResetSchema>;

function memberStateOf(row: MemberRow, marks: readonly string[]): MemberState {
  return {
    id: row.id,
    nickname: row.nickname,
    isOwner: row.is_owner,
    seen: row.seen,
    lines: row.lines,
    blackout: row.blackout,
    firstLineAt: iso(row.first_line_at),
    blackoutAt: iso(row.blackout_at),
    reachedAt: row.reached_at.toISOString(),
    joinedAt: row.joined_at.toISOString(),
    marks: [...marks],
  };
}

const standingWire = (standing: Standing) => ({
  seen: standing.seen,
  lines: standing.lines,
  blackout: standing.blackout,
  firstLineAt: isoMs(standing.firstLineAt),
  blackoutAt: isoMs(standing.blackoutAt),
  reachedAt: new Date(standing.reachedAt).toISOString(),
});

/** Members in rank order (the domain's rules on the wire's times). */
function ranked<T extends MemberState>(members: readonly T[]): (T & { rank: number })[] {
  const byId = new Map(members.map((member) => [member.id, member]));
  return rankMembers(
    members.map((member) => ({
      id: member.id,
      seen: member.seen,
      lines: member.lines,
      blackout: member.blackout,
      blackoutAt: member.blackoutAt === null ? null : Date.parse(member.blackoutAt),
      reachedAt: Date.parse(member.reachedAt),
      joinedAt: Date.parse(member.joinedAt),
    })),
  ).flatMap(({ id, rank }) => {
    const member = byId.get(id);
    return member === undefined ? [] : [{ ...member, rank }];
  });
}

/**
 * Leagues (DESIGN §10): players, marks, leagues, members and the event log. Every change is one
 * transaction that locks what it changes in one order — the player first, then its leagues by id
 * — and writes its events in the same transaction (their NOTIFY goes out on commit).
 */
export function createLeagueService(db: Db, options: LeagueServiceOptions) {
  const now = options.now ?? Date.now;
  const rng = options.rng ?? cryptoRng;
  const players = createPlayerRepository(db);
  const leagues = createLeagueRepository(db);

  const playerOf = async (key: string | null): Promise<PlayerRow | undefined> =>
    key === null ? undefined : players.byKeyHash(hashSecret(key));

  /**
   * Runs `work` in a transaction on the caller's player, locked; with `create`, a browser that is
   * no player yet becomes one (its new key is returned for the cookie once the work committed).
   */
  const asPlayer = async <T>(
    key: string | null,
    create: boolean,
    work: (trx: Executor, player: PlayerRow) => Promise<T>,
  ): Promise<WithKey<T>> =>
    db.transaction().execute(async (trx) => {
      const repository = createPlayerRepository(trx);
      const known = key === null ? undefined : await repository.byKeyHash(hashSecret(key));
      if (known !== undefined) {
        const player = (await repository.lock(known.id)) ?? known;
        return { result: await work(trx, player) };
      }
      if (!create) throw notFound('This browser is not a player yet.');
      const newKey = newSecret();
      const player = await repository.create(hashSecret(newKey));
      return { result: await work(trx, player), newKey };
    });

  // ——— Events: from the log's rows to the wire ———

  const nicknameOf = (row: EventRow): string => row.nickname ?? FORMER_PLAYER;

  /** A logged event on the wire, except a reset (whose state is built when it is sent). */
  function loggedEvent(row: EventRow): Exclude<LeagueEvent, { name: 'reset' | 'standing' }> {
    const memberId = row.member_id ?? '';
    switch (row.kind) {
      case 'member': {
        const data = StoredMemberSchema.parse(row.data);
        return data.action === 'joined'
          ? { id: row.id, name: 'member', data: { action: 'joined', member: { ...data.member, nickname: nicknameOf(row) } } }
          : { id: row.id, name: 'member', data: { action: data.action, memberId, nickname: nicknameOf(row) } };
      }
      case 'marks':
        return { id: row.id, name: 'marks', data: { ...StoredMarksSchema.parse(row.data), memberId, nickname: nicknameOf(row) } };
      case 'draw':
        return { id: row.id, name: 'draw', data: LeagueDrawSchema.parse(row.data) };
      case 'closed':
        return { id: row.id, name: 'closed', data: ClosedEventSchema.parse(row.data) };
      case 'reset':
      case 'standing':
        throw new Error(`a ${row.kind} event has no logged form`);
    }
  }

  /** A logged event on the wire; a reset carries the league's state as it is now. */
  async function wireEvent(row: EventRow, leagueId: string): Promise<LeagueEvent> {
    if (row.kind !== 'reset') return loggedEvent(row);
    const { reason } = StoredResetSchema.parse(row.data);
    return { id: row.id, name: 'reset', data: { reason, league: await leagueState(leagueId) } };
  }

  /** Feed lines of logged events, newest first (a rename names the name it gave, not today's). */
  function feedOf(rows: readonly EventRow[]): FeedEntry[] {
    return rows.flatMap((row) => {
      const at = row.created_at.toISOString();
      if (row.kind === 'reset') {
        const { reason, name } = StoredResetSchema.parse(row.data);
        return reason === 'renamed' ? [{ id: row.id, at, item: { kind: 'renamed' as const, name } }] : [];
      }
      return feedItemsOf(loggedEvent(row))
        .reverse()
        .map((item) => ({ id: row.id, at, item }));
    });
  }

  /** A league's state for every member, read in one snapshot so that it holds exactly the events up to its lastEventId. */
  async function leagueState(leagueId: string): Promise<LeagueState> {
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const repository = createLeagueRepository(trx);
        const league = await repository.byId(leagueId);
        if (league === undefined) throw notFound(UNKNOWN_LEAGUE);
        const members = await repository.activeMembers(league.id);
        const board = await repository.board(league.year);
        const marks = await repository.seenAmong(
          members.map((member) => member.player_id),
          board,
        );
        const feed = feedOf(await repository.recentEvents(league.id, LEAGUE_LIMITS.feedMax)).slice(0, LEAGUE_LIMITS.feedMax);
        return {
          code: league.code,
          name: league.name,
          year: league.year,
          members: ranked(members.map((member) => memberStateOf(member, marks.get(member.player_id) ?? []))),
          draw: await drawOf(repository, league, board),
          feed,
          lastEventId: league.last_event_id,
        };
      });
  }

  async function drawOf(
    repository: ReturnType<typeof createLeagueRepository>,
    league: LeagueRow,
    board: readonly string[],
  ): Promise<LeagueDraw | null> {
    if (league.draw_cell === null || league.drawn_at === null) return null;
    const movieId = board[league.draw_cell] ?? '';
    const names = await repository.movieNames([movieId]);
    const { letter, number } = cellPick(league.draw_cell);
    return { letter, number, movieId, movieName: names.get(movieId) ?? FREE_SPACE_NAME, drawnAt: league.drawn_at.toISOString() };
  }

  /** What a member sees: the state with who they are, ranked. */
  async function memberView(leagueId: string, playerId: string): Promise<League> {
    const state = await leagueState(leagueId);
    const own = await leagues.activeMember(leagueId, { playerId });
    return {
      ...state,
      isOwner: own?.is_owner ?? false,
      members: ranked(state.members).map((member) => ({ ...member, isYou: member.id === own?.id })),
      joinUrl: joinUrlOf(state.code),
      memberLimit: options.memberLimit,
    };
  }

  const joinUrlOf = (code: string): string => new URL(`/leagues/${code}`, options.publicUrl).toString();

  // ——— Changes ———

  /** A member's standing on the league's board from their marks, at `at`. */
  async function standingFor(trx: Executor, playerId: string, year: number, previous: Standing, at: number) {
    const repository = createLeagueRepository(trx);
    const board = await repository.board(year);
    const seen = (await repository.seenAmong([playerId], board)).get(playerId) ?? [];
    return { ...nextStanding(previous, markedCells(board, new Set(seen)), at), marks: seen };
  }

  async function addMember(trx: Executor, league: LeagueRow, player: PlayerRow, nickname: string, isOwner: boolean): Promise<MemberRow> {
    const repository = createLeagueRepository(trx);
    const key = nicknameKey(nickname);
    if (await repository.nicknameTaken(league.id, key)) throw conflict('That nickname is taken in this league.');
    const at = now();
    const { standing, marks } = await standingFor(trx, player.id, league.year, { ...NO_STANDING, reachedAt: at }, at);
    let row: MemberRow;
    try {
      row = await repository.insertMember({
        leagueId: league.id,
        playerId: player.id,
        nickname,
        nicknameKey: key,
        isOwner,
        standing: { ...standing, reachedAt: at },
        joinedAt: new Date(at),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('That nickname is taken in this league.');
      throw error;
    }
    const { nickname: _nickname, ...member } = memberStateOf(row, marks);
    await repository.appendEvent(league.id, 'member', row.id, { action: 'joined', member } satisfies StoredMember);
    return row;
  }

  async function membershipsFull(trx: Executor, playerId: string): Promise<void> {
    if ((await createLeagueRepository(trx).memberships(playerId)).length >= LEAGUE_LIMITS.leaguesPerPlayer) {
      throw conflict(`You are in ${LEAGUE_LIMITS.leaguesPerPlayer} leagues already: leave one first.`);
    }
  }

  /** The league of `code` with the caller as an active member, locked; 404 for anyone else (as for an unknown code). */
  async function asMember(trx: Executor, code: string, player: PlayerRow | undefined) {
    const repository = createLeagueRepository(trx);
    const league = await repository.openByCode(code, { lock: true });
    const member =
      league === undefined || player === undefined ? undefined : await repository.activeMember(league.id, { playerId: player.id });
    if (league === undefined || member === undefined) throw notFound(UNKNOWN_LEAGUE);
    return { league, member, repository };
  }

  async function asOwner(trx: Executor, code: string, player: PlayerRow | undefined) {
    const found = await asMember(trx, code, player);
    if (!found.member.is_owner) throw forbidden("Only the league's owner can do this.");
    return found;
  }

  /** A code no league (open or closed) has: an old link of a closed league does not open a new one. */
  async function freshCode(repository: ReturnType<typeof createLeagueRepository>): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const code = makeLeagueCode(rng);
      if (!(await repository.codeExists(code))) return code;
    }
    throw conflict('Could not find a free code; please try again.');
  }

  async function closeLeague(trx: Executor, league: LeagueRow, by: 'owner' | 'admin'): Promise<void> {
    const repository = createLeagueRepository(trx);
    await repository.update(league.id, { closed_at: new Date(now()), closed_by: by });
    await repository.appendEvent(league.id, 'closed', null, { by });
  }

  /** A member goes (left, removed or forgotten); an owner hands the league to the longest-standing member, the last one closes it. */
  async function memberGoes(trx: Executor, league: LeagueRow, member: MemberRow, how: 'left' | 'removed'): Promise<void> {
    const repository = createLeagueRepository(trx);
    await repository.markLeft(member.id, how, new Date(now()));
    await repository.appendEvent(league.id, 'member', member.id, { action: how } satisfies StoredMember);
    if (!member.is_owner) return;
    const [heir] = await repository.activeMembers(league.id);
    if (heir === undefined) return closeLeague(trx, league, 'owner');
    await repository.makeOwner(heir.id);
    await repository.appendEvent(league.id, 'reset', null, { reason: 'owner', name: league.name } satisfies StoredReset);
  }

  /** Marks that changed seen → each open league of the player whose board holds one: its standing and a `marks` event. */
  async function applyToLeagues(trx: Executor, playerId: string, changed: ReadonlyMap<string, MarkState>, at: number): Promise<void> {
    const repository = createLeagueRepository(trx);
    const memberships = await repository.memberships(playerId);
    if (memberships.length === 0) return;
    const names = await repository.movieNames([...changed.keys()]);
    const boards = new Map<number, string[]>();
    for (const membership of memberships) {
      const board = boards.get(membership.year) ?? (await repository.board(membership.year));
      boards.set(membership.year, board);
      const relevant = [...changed].filter(([movieId]) => board.includes(movieId));
      if (relevant.length === 0) continue;
      const { standing, newLines, mingo } = await standingFor(trx, playerId, membership.year, standingOf(membership), at);
      await repository.saveStanding(membership.id, standing);
      const data: StoredMarks = {
        changes: relevant.map(([movieId, mark]) => ({ movieId, movieName: names.get(movieId) ?? movieId, seen: mark.seen })),
        ...standingWire(standing),
        newLines,
        mingo,
      };
      await repository.appendEvent(membership.league_id, 'marks', membership.id, data);
    }
  }

  async function meOf(trx: Executor, player: PlayerRow): Promise<Me> {
    const repository = createLeagueRepository(trx);
    const memberships = await repository.memberships(player.id);
    const myLeagues = [];
    for (const membership of memberships) {
      myLeagues.push({
        code: membership.code,
        name: membership.name,
        year: membership.year,
        memberCount: await repository.activeMemberCount(membership.league_id),
        isOwner: membership.is_owner,
        nickname: membership.nickname,
      });
    }
    return {
      player: { id: player.id, createdAt: player.created_at.toISOString() },
      marks: await createPlayerRepository(trx).seenIds(player.id),
      leagues: myLeagues,
    };
  }

  return {
    playerOf,
    leagueState,
    memberView,

    async me(key: string | null): Promise<Me> {
      const player = await playerOf(key);
      if (player === undefined) throw notFound('This browser is not a player yet.');
      return meOf(db, player);
    },

    /** Merges a device's changes (DESIGN §10); a browser that sends changes and is no player becomes one. */
    async syncMarks(key: string | null, changes: readonly MarkChangeInput[]): Promise<WithKey<string[]>> {
      const ids = [...new Set(changes.map((change) => change.movieId))];
      const known = await leagues.publishedMovieIds(ids);
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw validationFailed(
          `Not a movie of a published board: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ' …' : ''}.`,
          unknown.slice(0, 50).map((id) => ({ path: 'changes', message: `unknown movie id ${id}` })),
        );
      }
      return asPlayer(key, changes.length > 0, async (trx, player) => {
        const repository = createPlayerRepository(trx);
        const current = await repository.marks(player.id, ids);
        const at = now();
        const { marks, changed } = mergeMarks(
          current,
          changes.map((change) => ({ movieId: change.movieId, seen: change.seen, at: Date.parse(change.at) })),
          at,
        );
        const updated = new Map([...marks].filter(([id, mark]) => current.get(id)?.at !== mark.at || current.get(id)?.seen !== mark.seen));
        await repository.saveMarks(player.id, updated);
        if (changed.size > 0) await applyToLeagues(trx, player.id, changed, at);
        return repository.seenIds(player.id);
      });
    },

    async createLink(key: string | null): Promise<DeviceLink> {
      const player = await playerOf(key);
      if (player === undefined) throw notFound('This browser is not a player yet.');
      const token = newSecret();
      const at = now();
      const expiresAt = new Date(at + LINK_MS);
      await players.createLink(player.id, hashSecret(token), expiresAt, new Date(at));
      return { url: `/me/link/${token}`, expiresAt: expiresAt.toISOString() };
    },

    /** Spends a device link: this browser gets a key of its own for the link's player. */
    async redeemLink(token: string): Promise<WithKey<Me>> {
      if (!isSecret(token)) throw notFound('This link has expired or has been used.');
      return db.transaction().execute(async (trx) => {
        const repository = createPlayerRepository(trx);
        const playerId = await repository.redeemLink(hashSecret(token), new Date(now()));
        const player = playerId === undefined ? undefined : await repository.lock(playerId);
        if (player === undefined) throw notFound('This link has expired or has been used.');
        const newKey = newSecret();
        await repository.addKey(player.id, hashSecret(newKey));
        return { result: await meOf(trx, player), newKey };
      });
    },

    /** Forget me: the player, its keys, marks, links and memberships go; its past events name "a former player". */
    async forget(key: string | null): Promise<void> {
      await asPlayer(key, false, async (trx, player) => {
        const repository = createLeagueRepository(trx);
        for (const membership of await repository.memberships(player.id)) {
          const league = await repository.openByCode(membership.code, { lock: true });
          if (league !== undefined) await memberGoes(trx, league, membership, 'left');
        }
        await repository.deleteMembersOf(player.id);
        await createPlayerRepository(trx).delete(player.id);
      });
    },

    async createLeague(key: string | null, input: { name: string; year: number; nickname: string }): Promise<WithKey<LeagueInvite>> {
      if (!(await leagues.isPublished(input.year))) {
        throw validationFailed(`There is no published board for ${input.year}.`, [{ path: 'year', message: 'not a published year' }]);
      }
      return asPlayer(key, true, async (trx, player) => {
        await membershipsFull(trx, player.id);
        const repository = createLeagueRepository(trx);
        const deck = shuffledDeck(rng).map((pick) => cellIndex(pick.letter, pick.number));
        const league = await repository.insert({ code: await freshCode(repository), name: input.name, year: input.year, deck });
        if (league === undefined) throw conflict('Could not find a free code; please try again.');
        await addMember(trx, league, player, input.nickname, true);
        return { code: league.code, name: league.name, year: league.year, joinUrl: joinUrlOf(league.code) };
      });
    },

    async preview(code: string) {
      const league = await leagues.openByCode(code);
      if (league === undefined) throw notFound(UNKNOWN_LEAGUE);
      return { name: league.name, year: league.year, memberCount: await leagues.activeMemberCount(league.id) };
    },

    /** Joins (a player already in the league just gets the league back). */
    async join(key: string | null, code: string, nickname: string): Promise<WithKey<League>> {
      // An unknown code makes no player.
      if ((await leagues.openByCode(code)) === undefined) throw notFound(UNKNOWN_LEAGUE);
      const joined = await asPlayer(key, true, async (trx, player) => {
        const repository = createLeagueRepository(trx);
        const league = await repository.openByCode(code, { lock: true });
        if (league === undefined) throw notFound(UNKNOWN_LEAGUE);
        if ((await repository.activeMember(league.id, { playerId: player.id })) === undefined) {
          if (!league.community && (await repository.activeMemberCount(league.id)) >= options.memberLimit) {
            throw conflict(`This league is full: it has ${options.memberLimit} members.`);
          }
          await membershipsFull(trx, player.id);
          await addMember(trx, league, player, nickname, false);
        }
        return { leagueId: league.id, playerId: player.id };
      });
      return {
        result: await memberView(joined.result.leagueId, joined.result.playerId),
        ...(joined.newKey === undefined ? {} : { newKey: joined.newKey }),
      };
    },

    async league(key: string | null, code: string): Promise<League> {
      const player = await playerOf(key);
      const league = await leagues.openByCode(code);
      const member =
        league === undefined || player === undefined ? undefined : await leagues.activeMember(league.id, { playerId: player.id });
      if (league === undefined || player === undefined || member === undefined) throw notFound(UNKNOWN_LEAGUE);
      return memberView(league.id, player.id);
    },

    /** For the event stream: the caller's membership, or the 404 of an unknown code. */
    async membership(key: string | null, code: string): Promise<{ league: LeagueRow; member: MemberRow; playerId: string }> {
      const player = await playerOf(key);
      const league = await leagues.openByCode(code);
      const member =
        league === undefined || player === undefined ? undefined : await leagues.activeMember(league.id, { playerId: player.id });
      if (league === undefined || player === undefined || member === undefined) throw notFound(UNKNOWN_LEAGUE);
      return { league, member, playerId: player.id };
    },

    async rename(key: string | null, code: string, name: string): Promise<League> {
      const player = await playerOf(key);
      const { leagueId, playerId } = await db.transaction().execute(async (trx) => {
        const { league, member, repository } = await asOwner(trx, code, player);
        await repository.update(league.id, { name });
        await repository.appendEvent(league.id, 'reset', null, { reason: 'renamed', name } satisfies StoredReset);
        return { leagueId: league.id, playerId: member.player_id };
      });
      return memberView(leagueId, playerId);
    },

    async rotateCode(key: string | null, code: string): Promise<LeagueInvite> {
      const player = await playerOf(key);
      return db.transaction().execute(async (trx) => {
        const { league, repository } = await asOwner(trx, code, player);
        const updated = await repository.update(league.id, { code: await freshCode(repository) });
        await repository.appendEvent(league.id, 'reset', null, { reason: 'code', name: league.name } satisfies StoredReset);
        return { code: updated.code, name: updated.name, year: updated.year, joinUrl: joinUrlOf(updated.code) };
      });
    },

    async leave(key: string | null, code: string): Promise<void> {
      if ((await playerOf(key)) === undefined) throw notFound(UNKNOWN_LEAGUE);
      await asPlayer(key, false, async (trx, player) => {
        const { league, member } = await asMember(trx, code, player);
        await memberGoes(trx, league, member, 'left');
      });
    },

    async removeMember(key: string | null, code: string, memberId: string): Promise<void> {
      const player = await playerOf(key);
      await db.transaction().execute(async (trx) => {
        const { league, member, repository } = await asOwner(trx, code, player);
        const target = await repository.activeMember(league.id, { memberId });
        if (target === undefined) throw notFound('There is no such member in this league.');
        if (target.id === member.id) throw validationFailed('You cannot remove yourself: leave the league instead.');
        await memberGoes(trx, league, target, 'removed');
      });
    },

    /** The owner's Ask Mighty MINGO for everyone: the league's own deck, no repeat until it is reshuffled. */
    async draw(key: string | null, code: string): Promise<LeagueDraw> {
      const player = await playerOf(key);
      return db.transaction().execute(async (trx) => {
        const { league, repository } = await asOwner(trx, code, player);
        const { pick, deck } = drawPick(league.deck.map(cellPick), rng);
        const cell = cellIndex(pick.letter, pick.number);
        const drawnAt = new Date(now());
        const updated = await repository.update(league.id, {
          deck: deck.map((next) => cellIndex(next.letter, next.number)),
          draw_cell: cell,
          drawn_at: drawnAt,
        });
        const draw = await drawOf(repository, updated, await repository.board(league.year));
        if (draw === null) throw new Error('a draw was just made');
        await repository.appendEvent(league.id, 'draw', null, draw);
        return draw;
      });
    },

    async close(key: string | null, code: string): Promise<void> {
      const player = await playerOf(key);
      await db.transaction().execute(async (trx) => {
        const { league } = await asOwner(trx, code, player);
        await closeLeague(trx, league, 'owner');
      });
    },

    async adminClose(code: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const league = await createLeagueRepository(trx).openByCode(code, { lock: true });
        if (league === undefined) throw notFound(UNKNOWN_LEAGUE);
        await closeLeague(trx, league, 'admin');
      });
    },

    async adminList(query: { year?: number; page: number }, pageSize: number): Promise<AdminLeagues> {
      const years = await leagues.openStats();
      const { rows, total } = await leagues.openLeagues({ year: query.year, limit: pageSize, offset: (query.page - 1) * pageSize });
      return {
        years,
        items: rows.map((row) => ({
          code: row.code,
          name: row.name,
          year: row.year,
          memberCount: row.member_count,
          createdAt: row.created_at.toISOString(),
        })),
        total,
      };
    },

    /** Logged events after `afterId` on the wire, oldest first (for the stream). */
    async eventsAfter(leagueId: string, afterId: number, limit = MAX_REPLAY): Promise<LeagueEvent[]> {
      const rows = await leagues.eventsAfter(leagueId, afterId, limit);
      const events: LeagueEvent[] = [];
      for (const row of rows) events.push(await wireEvent(row, leagueId));
      return events;
    },

    async lastEventId(leagueId: string): Promise<number | undefined> {
      return (await leagues.byId(leagueId))?.last_event_id;
    },
  };
}

export type LeagueService = ReturnType<typeof createLeagueService>;
