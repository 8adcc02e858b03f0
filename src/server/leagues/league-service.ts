import { randomInt as cryptoRandomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { cellIndex, cellPick } from '../../domain/boards';
import {
  makeLeagueCode,
  markedCells,
  mergeMarks,
  nextStanding,
  NO_STANDING,
  nicknameKey,
  type MarkState,
  type Standing,
} from '../../domain/leagues';
import { drawPick, shuffledDeck, type Rng } from '../../domain/random-pick';
import { conflict, forbidden, notFound, validationFailed } from '../../shared/errors';
import {
  communityLeagueName,
  LEAGUE_LIMITS,
  UNKNOWN_LEAGUE,
  type AdminLeagues,
  type CommunityLeague,
  type DeviceLink,
  type League,
  type LeagueDraw,
  type LeagueInvite,
  type MarkChangeInput,
  type Me,
} from '../../shared/leagues';
import type { Db, Executor } from '../db/database';
import { memberStateOf, standingWire, type StoredMarks, type StoredMember, type StoredReset } from './league-events';
import { createLeagueReads, type LeagueReads } from './league-reads';
import {
  createLeagueRepository,
  isUniqueViolation,
  standingOf,
  type LeagueRepository,
  type LeagueRow,
  type MemberRow,
} from './league-repository';
import { LeagueChanges, type LeagueSignals } from './league-signals';
import type { LeagueEventKind } from './league-tables';
import { hashSecret, isSecret, newSecret } from './player-cookie';
import { createPlayerRepository, type PlayerRepository, type PlayerRow } from './player-repository';

const LINK_MS = LEAGUE_LIMITS.linkMinutes * 60_000;

export type LeagueServiceOptions = {
  /** LEAGUE_MAX_MEMBERS: a friends' league's size. */
  memberLimit: number;
  /** For the invite's absolute join link. */
  publicUrl: string;
  signals: LeagueSignals;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
  /** Codes and draws: unpredictable by default (crypto), seeded in tests. */
  rng?: Rng;
};

/** A player key the route must set as the cookie (a new player, or a device link spent). */
export type WithKey<T> = { result: T; newKey?: string };

/** One writing transaction: its repositories and what it changed, for the other processes. */
type Tx = { trx: Executor; players: PlayerRepository; leagues: LeagueRepository; changes: LeagueChanges };

const cryptoRng: Rng = () => cryptoRandomInt(0x1_0000_0000) / 0x1_0000_0000;

/**
 * Leagues (DESIGN §10): players, marks, leagues, members and the event log. Every change is one
 * transaction that locks what it changes in one order — the player first, then its leagues by id
 * — writes its events in the same transaction and signals the other processes with their ids
 * (league-signals.ts). A community league logs no marks and no joins: its standings move, and the
 * hub sends them coalesced.
 */
export function createLeagueService(db: Db, options: LeagueServiceOptions) {
  const now = options.now ?? Date.now;
  const rng = options.rng ?? cryptoRng;
  const { signals } = options;
  const players = createPlayerRepository(db);
  const leagues = createLeagueRepository(db);
  const reads: LeagueReads = createLeagueReads(db, options);

  const write = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const changes = new LeagueChanges();
    const result = await db.transaction().execute(async (trx) => {
      const value = await work({ trx, players: createPlayerRepository(trx), leagues: createLeagueRepository(trx), changes });
      await signals.beforeCommit(trx, changes.messages());
      return value;
    });
    // Committed: a signal that cannot go out delays the others' screens (the hub reads every
    // league again when its subscription comes back); it must not fail the request.
    signals.standingsMoved(changes.standings);
    await signals
      .afterCommit(changes.messages())
      .catch((error: unknown) => options.log.warn({ err: error }, 'league signals: publish failed'));
    return result;
  };

  const append = async (tx: Tx, league: LeagueRow, kind: LeagueEventKind, memberId: string | null, data: unknown): Promise<void> => {
    tx.changes.event(league.id, await tx.leagues.appendEvent(league.id, kind, memberId, data));
  };

  const playerOf = async (key: string | null): Promise<PlayerRow | undefined> =>
    key === null ? undefined : players.byKeyHash(hashSecret(key));

  /**
   * Runs `work` in a transaction on the caller's player, locked; with `create`, a browser that is
   * no player yet becomes one (its new key is returned for the cookie once the work committed).
   */
  const asPlayer = async <T>(key: string | null, create: boolean, work: (tx: Tx, player: PlayerRow) => Promise<T>): Promise<WithKey<T>> =>
    write(async (tx) => {
      const known = key === null ? undefined : await tx.players.lockByKeyHash(hashSecret(key));
      if (known !== undefined) return { result: await work(tx, known) };
      if (!create) throw notFound('This browser is not a player yet.');
      const newKey = newSecret();
      const player = await tx.players.create(hashSecret(newKey));
      return { result: await work(tx, player), newKey };
    });

  /** A member's standing on the league's board from their marks, at `at`. */
  async function standingFor(tx: Tx, playerId: string, year: number, previous: Standing, at: number) {
    const board = await tx.leagues.board(year);
    const seen = (await tx.leagues.seenAmong([playerId], board)).get(playerId) ?? [];
    return { ...nextStanding(previous, markedCells(board, new Set(seen)), at), marks: seen };
  }

  async function addMember(tx: Tx, league: LeagueRow, player: PlayerRow, nickname: string, isOwner: boolean): Promise<MemberRow> {
    const key = nicknameKey(nickname);
    if (await tx.leagues.nicknameTaken(league.id, key)) throw conflict('That nickname is taken in this league.');
    const at = now();
    const { standing, marks } = await standingFor(tx, player.id, league.year, { ...NO_STANDING, reachedAt: at }, at);
    let row: MemberRow;
    try {
      row = await tx.leagues.insertMember({
        leagueId: league.id,
        playerId: player.id,
        nickname,
        nicknameKey: key,
        isOwner,
        standing,
        joinedAt: new Date(at),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('That nickname is taken in this league.');
      throw error;
    }
    if (league.community) {
      tx.changes.standing(league.id);
    } else {
      const { nickname: _nickname, ...member } = memberStateOf(row, marks);
      await append(tx, league, 'member', row.id, { action: 'joined', member } satisfies StoredMember);
    }
    return row;
  }

  async function refuseWhenFull(tx: Tx, playerId: string): Promise<void> {
    if ((await tx.leagues.memberships(playerId)).length >= LEAGUE_LIMITS.leaguesPerPlayer) {
      throw conflict(`You are in ${LEAGUE_LIMITS.leaguesPerPlayer} leagues already: leave one first.`);
    }
  }

  /** The league of `code` with the caller as an active member, locked; 404 for anyone else (as for an unknown code). */
  async function asMember(tx: Tx, code: string, player: PlayerRow | undefined): Promise<{ league: LeagueRow; member: MemberRow }> {
    const league = await tx.leagues.openByCode(code, { lock: true });
    const member =
      league === undefined || player === undefined ? undefined : await tx.leagues.activeMember(league.id, { playerId: player.id });
    if (league === undefined || member === undefined) throw notFound(UNKNOWN_LEAGUE);
    return { league, member };
  }

  async function asOwner(tx: Tx, code: string, player: PlayerRow | undefined) {
    const found = await asMember(tx, code, player);
    if (!found.member.is_owner) throw forbidden("Only the league's owner can do this.");
    return found;
  }

  /** A code no league (open or closed) has: an old link of a closed league does not open a new one. */
  async function freshCode(tx: Tx): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const code = makeLeagueCode(rng);
      if (!(await tx.leagues.codeExists(code))) return code;
    }
    throw conflict('Could not find a free code; please try again.');
  }

  async function closeLeague(tx: Tx, league: LeagueRow, by: 'owner' | 'admin'): Promise<void> {
    await tx.leagues.update(league.id, { closed_at: new Date(now()), closed_by: by });
    await append(tx, league, 'closed', null, { by });
  }

  /** A member goes (left, removed or forgotten); an owner hands the league to the longest-standing member, the last one closes it. */
  async function memberGoes(tx: Tx, league: LeagueRow, member: MemberRow, how: 'left' | 'removed'): Promise<void> {
    await tx.leagues.markLeft(member.id, how, new Date(now()));
    if (league.community) return tx.changes.standing(league.id);
    await append(tx, league, 'member', member.id, { action: how } satisfies StoredMember);
    if (!member.is_owner) return;
    const [heir] = await tx.leagues.activeMembers(league.id);
    if (heir === undefined) return closeLeague(tx, league, 'owner');
    await tx.leagues.makeOwner(heir.id);
    await append(tx, league, 'reset', null, { reason: 'owner', name: league.name } satisfies StoredReset);
  }

  /**
   * Marks that changed seen → each open league of the player whose board holds one: its standing
   * (from `seen`, all the player's seen movies after the change), and a `marks` event naming the
   * movies (friends' leagues; a community league logs no marks).
   */
  async function applyToLeagues(
    tx: Tx,
    playerId: string,
    changed: ReadonlyMap<string, MarkState>,
    seen: ReadonlySet<string>,
    names: ReadonlyMap<string, string>,
    at: number,
  ): Promise<void> {
    const memberships = await tx.leagues.membershipsWithBoards(playerId);
    for (const membership of memberships) {
      const { board } = membership;
      const relevant = [...changed].filter(([movieId]) => board.includes(movieId));
      if (relevant.length === 0) continue;
      const { standing, newLines, mingo } = nextStanding(standingOf(membership), markedCells(board, seen), at);
      await tx.leagues.saveStanding(membership.id, standing);
      if (membership.community) {
        tx.changes.standing(membership.league_id);
        continue;
      }
      const data: StoredMarks = {
        changes: relevant.map(([movieId, mark]) => ({ movieId, movieName: names.get(movieId) ?? movieId, seen: mark.seen })),
        ...standingWire(standing),
        newLines,
        mingo,
      };
      tx.changes.event(membership.league_id, await tx.leagues.appendEvent(membership.league_id, 'marks', membership.id, data));
    }
  }

  async function meOf(trx: Executor, player: PlayerRow): Promise<Me> {
    const repository = createLeagueRepository(trx);
    const myLeagues = [];
    for (const membership of await repository.memberships(player.id)) {
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

  /** An open league by code and the caller's membership in it: the 404 of an unknown code for anyone else. */
  async function membershipOf(key: string | null, code: string): Promise<{ league: LeagueRow; member: MemberRow; playerId: string }> {
    const player = await playerOf(key);
    const league = await leagues.openByCode(code);
    const member =
      league === undefined || player === undefined ? undefined : await leagues.activeMember(league.id, { playerId: player.id });
    if (league === undefined || player === undefined || member === undefined) throw notFound(UNKNOWN_LEAGUE);
    return { league, member, playerId: player.id };
  }

  return {
    reads,
    playerOf,

    async me(key: string | null): Promise<Me> {
      const player = await playerOf(key);
      if (player === undefined) throw notFound('This browser is not a player yet.');
      return meOf(db, player);
    },

    /** Merges a device's changes (DESIGN §10); a browser that sends changes and is no player becomes one. */
    async syncMarks(key: string | null, changes: readonly MarkChangeInput[]): Promise<WithKey<string[]>> {
      const ids = [...new Set(changes.map((change) => change.movieId))];
      return asPlayer(key, changes.length > 0, async (tx, player) => {
        const movies = await tx.players.markedMovies(player.id, ids);
        const published = new Set(movies.flatMap((movie) => (movie.published ? [movie.id] : [])));
        const unknown = ids.filter((id) => !published.has(id));
        if (unknown.length > 0) {
          throw validationFailed(
            `Not a movie of a published board: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ' …' : ''}.`,
            unknown.slice(0, 50).map((id) => ({ path: 'changes', message: `unknown movie id ${id}` })),
          );
        }
        const current = new Map(movies.flatMap((movie) => (movie.kept === undefined ? [] : [[movie.id, movie.kept] as const])));
        const at = now();
        const { marks, changed } = mergeMarks(
          current,
          changes.map((change) => ({ movieId: change.movieId, seen: change.seen, at: Date.parse(change.at) })),
          at,
        );
        const seen = await tx.players.saveMarks(
          player.id,
          new Map([...marks].filter(([id, mark]) => current.get(id)?.at !== mark.at || current.get(id)?.seen !== mark.seen)),
        );
        const names = new Map(movies.map((movie) => [movie.id, movie.name]));
        if (changed.size > 0) await applyToLeagues(tx, player.id, changed, new Set(seen), names, at);
        return seen;
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
      return write(async (tx) => {
        const playerId = await tx.players.redeemLink(hashSecret(token), new Date(now()));
        const player = playerId === undefined ? undefined : await tx.players.lock(playerId);
        if (player === undefined) throw notFound('This link has expired or has been used.');
        const newKey = newSecret();
        await tx.players.addKey(player.id, hashSecret(newKey));
        return { result: await meOf(tx.trx, player), newKey };
      });
    },

    /** Forget me: the player, its keys, marks, links and memberships go; its past events name "a former player". */
    async forget(key: string | null): Promise<void> {
      await asPlayer(key, false, async (tx, player) => {
        for (const membership of await tx.leagues.memberships(player.id)) {
          const league = await tx.leagues.openByCode(membership.code, { lock: true });
          if (league !== undefined) await memberGoes(tx, league, membership, 'left');
        }
        await tx.leagues.deleteMembersOf(player.id);
        await tx.players.delete(player.id);
      });
    },

    async createLeague(key: string | null, input: { name: string; year: number; nickname: string }): Promise<WithKey<LeagueInvite>> {
      if (!(await leagues.isPublished(input.year))) {
        throw validationFailed(`There is no published board for ${input.year}.`, [{ path: 'year', message: 'not a published year' }]);
      }
      return asPlayer(key, true, async (tx, player) => {
        await refuseWhenFull(tx, player.id);
        const deck = shuffledDeck(rng).map((pick) => cellIndex(pick.letter, pick.number));
        const league = await tx.leagues.insert({ code: await freshCode(tx), name: input.name, year: input.year, deck });
        if (league === undefined) throw conflict('Could not find a free code; please try again.');
        await addMember(tx, league, player, input.nickname, true);
        return { code: league.code, name: league.name, year: league.year, joinUrl: reads.joinUrlOf(league.code) };
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
      const joined = await asPlayer(key, true, async (tx, player) => {
        const league = await tx.leagues.openByCode(code, { lock: true });
        if (league === undefined) throw notFound(UNKNOWN_LEAGUE);
        if ((await tx.leagues.activeMember(league.id, { playerId: player.id })) === undefined) {
          if (!league.community && (await tx.leagues.activeMemberCount(league.id)) >= options.memberLimit) {
            throw conflict(`This league is full: it has ${options.memberLimit} members.`);
          }
          await refuseWhenFull(tx, player.id);
          await addMember(tx, league, player, nickname, false);
        }
        return { leagueId: league.id, playerId: player.id };
      });
      const view = await reads.memberView(joined.result.leagueId, joined.result.playerId);
      return { result: view, ...(joined.newKey === undefined ? {} : { newKey: joined.newKey }) };
    },

    async league(key: string | null, code: string): Promise<League> {
      const { league, playerId } = await membershipOf(key, code);
      return reads.memberView(league.id, playerId);
    },

    /** For the event stream: the caller's membership, or the 404 of an unknown code. */
    membership: membershipOf,

    async rename(key: string | null, code: string, name: string): Promise<League> {
      const player = await playerOf(key);
      const { leagueId, playerId } = await write(async (tx) => {
        const { league, member } = await asOwner(tx, code, player);
        await tx.leagues.update(league.id, { name });
        await append(tx, league, 'reset', null, { reason: 'renamed', name } satisfies StoredReset);
        return { leagueId: league.id, playerId: member.player_id };
      });
      return reads.memberView(leagueId, playerId);
    },

    async rotateCode(key: string | null, code: string): Promise<LeagueInvite> {
      const player = await playerOf(key);
      return write(async (tx) => {
        const { league } = await asOwner(tx, code, player);
        const updated = await tx.leagues.update(league.id, { code: await freshCode(tx) });
        await append(tx, league, 'reset', null, { reason: 'code', name: league.name } satisfies StoredReset);
        return { code: updated.code, name: updated.name, year: updated.year, joinUrl: reads.joinUrlOf(updated.code) };
      });
    },

    async leave(key: string | null, code: string): Promise<void> {
      if ((await playerOf(key)) === undefined) throw notFound(UNKNOWN_LEAGUE);
      await asPlayer(key, false, async (tx, player) => {
        const { league, member } = await asMember(tx, code, player);
        await memberGoes(tx, league, member, 'left');
      });
    },

    async removeMember(key: string | null, code: string, memberId: string): Promise<void> {
      const player = await playerOf(key);
      await write(async (tx) => {
        const { league, member } = await asOwner(tx, code, player);
        const target = await tx.leagues.activeMember(league.id, { memberId });
        if (target === undefined) throw notFound('There is no such member in this league.');
        if (target.id === member.id) throw validationFailed('You cannot remove yourself: leave the league instead.');
        await memberGoes(tx, league, target, 'removed');
      });
    },

    /** The owner's Ask Mighty MINGO for everyone: the league's own deck, no repeat until it is reshuffled. */
    async draw(key: string | null, code: string): Promise<LeagueDraw> {
      const player = await playerOf(key);
      return write(async (tx) => {
        const { league } = await asOwner(tx, code, player);
        const { pick, deck } = drawPick(league.deck.map(cellPick), rng);
        const board = await tx.leagues.board(league.year);
        const movieId = board[cellIndex(pick.letter, pick.number)] ?? '';
        const drawnAt = new Date(now());
        await tx.leagues.update(league.id, {
          deck: deck.map((next) => cellIndex(next.letter, next.number)),
          draw_cell: cellIndex(pick.letter, pick.number),
          drawn_at: drawnAt,
        });
        const draw: LeagueDraw = {
          letter: pick.letter,
          number: pick.number,
          movieId,
          movieName: (await tx.leagues.movieNames([movieId])).get(movieId) ?? '',
          drawnAt: drawnAt.toISOString(),
        };
        await append(tx, league, 'draw', null, draw);
        return draw;
      });
    },

    async close(key: string | null, code: string): Promise<void> {
      const player = await playerOf(key);
      await write(async (tx) => {
        const { league } = await asOwner(tx, code, player);
        await closeLeague(tx, league, 'owner');
      });
    },

    async adminClose(code: string): Promise<void> {
      await write(async (tx) => {
        const league = await tx.leagues.openByCode(code, { lock: true });
        if (league === undefined) throw notFound(UNKNOWN_LEAGUE);
        await closeLeague(tx, league, 'admin');
      });
    },

    /** The organisers' league of a published year: open to every player, no owner, no member limit. */
    async openCommunity(year: number): Promise<LeagueInvite> {
      if (!(await leagues.isPublished(year))) {
        throw validationFailed(`There is no published board for ${year}.`, [{ path: 'year', message: 'not a published year' }]);
      }
      return write(async (tx) => {
        if ((await tx.leagues.openCommunity(year)) !== undefined) throw conflict(`${communityLeagueName(year)} is open already.`);
        const deck = shuffledDeck(rng).map((pick) => cellIndex(pick.letter, pick.number));
        const league = await tx.leagues.insert({ code: await freshCode(tx), name: communityLeagueName(year), year, deck, community: true });
        if (league === undefined) throw conflict('Could not find a free code; please try again.');
        return { code: league.code, name: league.name, year: league.year, joinUrl: reads.joinUrlOf(league.code) };
      });
    },

    async communityLeagues(): Promise<{ items: CommunityLeague[] }> {
      const open = await leagues.openCommunityLeagues();
      return {
        items: open.map((league) => ({ code: league.code, name: league.name, year: league.year, memberCount: league.member_count })),
      };
    },

    async adminList(query: { year?: number; page: number }, pageSize: number): Promise<AdminLeagues> {
      const years = await leagues.openStats();
      const { rows, total } = await leagues.openLeagues({ year: query.year, limit: pageSize, offset: (query.page - 1) * pageSize });
      return {
        years,
        items: rows.map((row) => ({
          community: row.community,
          code: row.code,
          name: row.name,
          year: row.year,
          memberCount: row.member_count,
          createdAt: row.created_at.toISOString(),
        })),
        total,
      };
    },
  };
}

export type LeagueService = ReturnType<typeof createLeagueService>;
