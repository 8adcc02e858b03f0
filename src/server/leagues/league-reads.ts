import { cellPick, FREE_SPACE_NAME } from '../../domain/boards';
import { compareStandings } from '../../domain/leagues';
import { notFound } from '../../shared/errors';
import {
  COMMUNITY_TOP,
  LEAGUE_LIMITS,
  UNKNOWN_LEAGUE,
  type League,
  type LeagueDraw,
  type LeagueEvent,
  type LeagueState,
  type You,
} from '../../shared/leagues';
import type { Db } from '../db/database';
import { feedOf, loggedEvent, memberStateOf, rankedRows, StoredResetSchema } from './league-events';
import { createLeagueRepository, type CommunityStandingRow, type LeagueRepository, type LeagueRow } from './league-repository';

export type CommunityStandings = {
  top: You[];
  memberCount: number;
  /** A member's rank (undefined: no active member), ranked once for all subscribers. */
  rankOf: (memberId: string) => number | undefined;
  /** When the member's standing last moved (ms): with the rank, whether their place changed. */
  movedAtOf: (memberId: string) => number | undefined;
  /** A member's own place (made when asked: the hub asks between slices of its writes, for the messages it writes). */
  placeOf: (memberId: string) => You | undefined;
};

const isoOf = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A community member's own place, made from the tick's row when its message is written. */
function placeOf(row: CommunityStandingRow, rank: number): You {
  return {
    id: row.id,
    nickname: row.nickname,
    isOwner: row.isOwner,
    seen: row.seen,
    lines: row.lines,
    blackout: row.blackout,
    firstLineAt: isoOf(row.firstLineAt),
    blackoutAt: isoOf(row.blackoutAt),
    reachedAt: new Date(row.reachedAt).toISOString(),
    joinedAt: new Date(row.joinedAt).toISOString(),
    rank,
  };
}

/**
 * What members see of a league (DESIGN §10): its state (a friends' league: every member with
 * their mini-board; a community league: the top 20), a member's ranked view, the community
 * standings the live stream sends, and the log's events on the wire.
 */
export function createLeagueReads(db: Db, options: { memberLimit: number; publicUrl: string }) {
  const joinUrlOf = (code: string): string => new URL(`/leagues/${code}`, options.publicUrl).toString();

  async function drawOf(repository: LeagueRepository, league: LeagueRow, board: readonly string[]): Promise<LeagueDraw | null> {
    if (league.draw_cell === null || league.drawn_at === null) return null;
    const movieId = board[league.draw_cell] ?? '';
    const names = await repository.movieNames([movieId]);
    const { letter, number } = cellPick(league.draw_cell);
    return { letter, number, movieId, movieName: names.get(movieId) ?? FREE_SPACE_NAME, drawnAt: league.drawn_at.toISOString() };
  }

  /**
   * A league's state and the ranked members it was made from, read in one snapshot (repeatable
   * read): the state holds exactly the events up to its lastEventId.
   */
  async function snapshot(leagueId: string) {
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const repository = createLeagueRepository(trx);
        const league = await repository.byId(leagueId);
        if (league === undefined) throw notFound(UNKNOWN_LEAGUE);
        const ranked = rankedRows(await repository.activeMembers(league.id));
        const shown = league.community ? ranked.slice(0, COMMUNITY_TOP) : ranked;
        const board = await repository.board(league.year);
        const marks = await repository.seenAmong(
          shown.map((member) => member.player_id),
          board,
        );
        const state: LeagueState = {
          code: league.code,
          name: league.name,
          year: league.year,
          community: league.community,
          memberCount: ranked.length,
          members: shown.map((member) => memberStateOf(member, marks.get(member.player_id) ?? [])),
          draw: await drawOf(repository, league, board),
          feed: feedOf(await repository.recentEvents(league.id, LEAGUE_LIMITS.feedMax)).slice(0, LEAGUE_LIMITS.feedMax),
          lastEventId: league.last_event_id,
        };
        return { state, ranked };
      });
  }

  const leagueState = async (leagueId: string): Promise<LeagueState> => (await snapshot(leagueId)).state;

  return {
    joinUrlOf,
    leagueState,

    /** What a member sees: the state with who they are, ranked (in a community league, the top 20 and themself). */
    async memberView(leagueId: string, playerId: string): Promise<League> {
      const { state, ranked } = await snapshot(leagueId);
      const own = ranked.find((member) => member.player_id === playerId);
      const shownIds = new Set(state.members.map((member) => member.id));
      const rankOf = new Map(ranked.map((member) => [member.id, member.rank]));
      const extra = own !== undefined && !shownIds.has(own.id) ? [{ ...memberStateOf(own, []), rank: own.rank, isYou: true }] : [];
      return {
        ...state,
        isOwner: own?.is_owner ?? false,
        members: [
          ...state.members.map((member) => ({ ...member, rank: rankOf.get(member.id) ?? 0, isYou: member.id === own?.id })),
          ...extra,
        ],
        joinUrl: joinUrlOf(state.code),
        memberLimit: options.memberLimit,
      };
    },

    /** The last event id of each of these leagues that is still open. */
    async lastEventIds(leagueIds: readonly string[]): Promise<Map<string, number>> {
      return createLeagueRepository(db).openLastEventIds(leagueIds);
    },

    /** A community league's standings now: the leaders, and everyone's own place. */
    async communityStandings(leagueId: string): Promise<CommunityStandings> {
      // Ranked in place (a stable sort of the join order, as rankMembers): no copies of 10,000 rows.
      const rows = (await createLeagueRepository(db).communityStandingRows(leagueId)).sort(compareStandings);
      const indexOf = new Map<string, number>();
      rows.forEach((row, index) => indexOf.set(row.id, index));
      return {
        top: rows.slice(0, COMMUNITY_TOP).map((row, index) => placeOf(row, index + 1)),
        memberCount: rows.length,
        rankOf: (memberId) => {
          const index = indexOf.get(memberId);
          return index === undefined ? undefined : index + 1;
        },
        movedAtOf: (memberId) => {
          const index = indexOf.get(memberId);
          return index === undefined ? undefined : rows[index]?.reachedAt;
        },
        placeOf: (memberId) => {
          const index = indexOf.get(memberId);
          const row = index === undefined ? undefined : rows[index];
          return index === undefined || row === undefined ? undefined : placeOf(row, index + 1);
        },
      };
    },

    /**
     * Logged events of several leagues, each after its own id, on the wire (a reset with the
     * league's state now). `complete` is false when the read stopped at `limit`.
     */
    async eventsAfter(
      after: ReadonlyMap<string, number>,
      limit: number,
    ): Promise<{ events: Map<string, LeagueEvent[]>; complete: boolean }> {
      const rows = await createLeagueRepository(db).eventsAfterMany(after, limit);
      const events = new Map<string, LeagueEvent[]>();
      const states = new Map<string, LeagueState>();
      for (const row of rows) {
        let event: LeagueEvent;
        if (row.kind === 'reset') {
          const state = states.get(row.league_id) ?? (await leagueState(row.league_id));
          states.set(row.league_id, state);
          event = { id: row.id, name: 'reset', data: { reason: StoredResetSchema.parse(row.data).reason, league: state } };
        } else {
          event = loggedEvent(row);
        }
        const list = events.get(row.league_id) ?? [];
        list.push(event);
        events.set(row.league_id, list);
      }
      return { events, complete: rows.length < limit };
    },
  };
}

export type LeagueReads = ReturnType<typeof createLeagueReads>;
