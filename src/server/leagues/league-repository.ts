import { sql, type ExpressionBuilder, type Selectable, type Updateable } from 'kysely';
import type { Ranked, Standing } from '../../domain/leagues';
import { compiledOnce } from '../db/compiled-once';
import type { Executor } from '../db/database';
import type { Database } from '../db/schema';
import type { LeagueEventKind, LeagueMembersTable, LeaguesTable } from './league-tables';

export type LeagueRow = Selectable<LeaguesTable>;
export type MemberRow = Selectable<LeagueMembersTable>;
export type EventRow = {
  id: number;
  kind: LeagueEventKind;
  member_id: string | null;
  data: unknown;
  created_at: Date;
  /** The member's nickname; null once its player asked to be forgotten. */
  nickname: string | null;
};
export type MembershipRow = MemberRow & { year: number; code: string; name: string; community: boolean };

/** A community member's standing for the ranking (times in ms). */
export type CommunityStandingRow = Ranked & { id: string; nickname: string; isOwner: boolean; firstLineAt: number | null };

/**
 * Every column of a member, named: a statement that selects `*` is not kept prepared (decision
 * 209), and a mark reads its memberships with this list.
 */
const MEMBER_COLUMNS = [
  'm.id',
  'm.league_id',
  'm.player_id',
  'm.nickname',
  'm.nickname_key',
  'm.is_owner',
  'm.joined_at',
  'm.left_at',
  'm.left_how',
  'm.seen',
  'm.lines',
  'm.blackout',
  'm.first_line_at',
  'm.blackout_at',
  'm.reached_at',
] as const satisfies readonly `m.${keyof LeagueMembersTable}`[];

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;

/** A league's (`leagues as l`) count of members who have not left, as `member_count`. */
const memberCount = (eb: ExpressionBuilder<Database & { l: LeaguesTable }, 'l'>) =>
  eb
    .selectFrom('league_members as m')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('m.league_id', '=', 'l.id')
    .where('m.left_at', 'is', null)
    .as('member_count');

/** The player's memberships of open leagues, with the league's year, code, name and kind, by league. */
const membershipsOf = (db: Executor, playerId: string) =>
  db
    .selectFrom('league_members as m')
    .innerJoin('leagues as l', 'l.id', 'm.league_id')
    .select(MEMBER_COLUMNS)
    .select(['l.year', 'l.code', 'l.name', 'l.community'])
    .where('m.player_id', '=', playerId)
    .where('m.left_at', 'is', null)
    .where('l.closed_at', 'is', null)
    .orderBy('l.id');

const standingColumns = (standing: Standing) => ({
  seen: standing.seen,
  lines: standing.lines,
  blackout: standing.blackout,
  first_line_at: standing.firstLineAt === null ? null : new Date(standing.firstLineAt),
  blackout_at: standing.blackoutAt === null ? null : new Date(standing.blackoutAt),
  reached_at: new Date(standing.reachedAt),
});
type StandingColumns = ReturnType<typeof standingColumns>;

// A mark's statements, compiled once (decision 212).

/** See membershipsWithBoards. */
const membershipsWithBoardsStatement = compiledOnce(['playerId'], (db, p: { playerId: string }) =>
  membershipsOf(db, p.playerId).select((eb) =>
    eb
      .selectFrom('board_slots as s')
      .select(
        sql<
          { position: number; movie_id: string | null }[]
        >`coalesce(json_agg(json_build_object('position', s.position, 'movie_id', s.movie_id)), '[]')`.as('slots'),
      )
      .whereRef('s.board_year', '=', 'l.year')
      .as('slots'),
  ),
);

/** See saveStanding. */
const saveStandingStatement = compiledOnce(
  ['memberId', 'seen', 'lines', 'blackout', 'first_line_at', 'blackout_at', 'reached_at'],
  (db, { memberId, ...columns }: { memberId: string } & StandingColumns) =>
    db.updateTable('league_members').set(columns).where('id', '=', memberId),
);

/** A member row's standing, in the domain's terms (times in ms). */
export function standingOf(row: MemberRow): Standing {
  return {
    seen: row.seen,
    lines: row.lines,
    blackout: row.blackout,
    firstLineAt: row.first_line_at?.getTime() ?? null,
    blackoutAt: row.blackout_at?.getTime() ?? null,
    reachedAt: row.reached_at.getTime(),
  };
}

/** A board's 25 squares in order from its slots ('' for an empty or missing one). */
function squaresOf(slots: readonly { position: number; movie_id: string | null }[]): string[] {
  const squares = Array.from({ length: 25 }, () => '');
  for (const slot of slots) squares[slot.position] = slot.movie_id ?? '';
  return squares;
}

/** Leagues, members and their event log (migration 0080), and the board reads leagues need. */
export function createLeagueRepository(db: Executor) {
  return {
    // ——— Boards, as leagues read them ———

    async isPublished(year: number): Promise<boolean> {
      const row = await db
        .selectFrom('boards')
        .select('year')
        .where('year', '=', year)
        .where('status', '=', 'published')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A year's 25 squares in board order ('' for an empty one). */
    async board(year: number): Promise<string[]> {
      const rows = await db
        .selectFrom('board_slots')
        .select(['position', 'movie_id'])
        .where('board_year', '=', year)
        .orderBy('position')
        .execute();
      return squaresOf(rows);
    },

    async movieNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('movies')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** Each player's seen movies among `movieIds`. */
    async seenAmong(playerIds: readonly string[], movieIds: readonly string[]): Promise<Map<string, string[]>> {
      const seen = new Map<string, string[]>(playerIds.map((id) => [id, []]));
      const ids = movieIds.filter((id) => id !== '');
      if (playerIds.length === 0 || ids.length === 0) return seen;
      const rows = await db
        .selectFrom('player_marks')
        .select(['player_id', 'movie_id'])
        .where('player_id', 'in', [...playerIds])
        .where('movie_id', 'in', ids)
        .where('seen', '=', true)
        .execute();
      for (const row of rows) seen.get(row.player_id)?.push(row.movie_id);
      return seen;
    },

    // ——— Leagues ———

    /** A new league, or undefined when its code is taken (the caller draws another). */
    async insert(values: {
      code: string;
      name: string;
      year: number;
      deck: number[];
      community?: boolean;
    }): Promise<LeagueRow | undefined> {
      return db
        .insertInto('leagues')
        .values({ ...values, community: values.community ?? false })
        .onConflict((oc) => oc.column('code').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** An open league by its code, locked for the rest of the transaction when `lock`. */
    async openByCode(code: string, { lock = false } = {}): Promise<LeagueRow | undefined> {
      let query = db.selectFrom('leagues').selectAll().where('code', '=', code).where('closed_at', 'is', null);
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** Whether any league, open or closed, ever had this code. */
    async codeExists(code: string): Promise<boolean> {
      return (await db.selectFrom('leagues').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
    },

    async openCommunity(year: number): Promise<LeagueRow | undefined> {
      return db
        .selectFrom('leagues')
        .selectAll()
        .where('year', '=', year)
        .where('community', '=', true)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
    },

    /** Open community leagues with their member counts, newest year first. */
    async openCommunityLeagues() {
      const rows = await db
        .selectFrom('leagues as l')
        .select(['l.code', 'l.name', 'l.year'])
        .select(memberCount)
        .where('l.community', '=', true)
        .where('l.closed_at', 'is', null)
        .orderBy('l.year', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, member_count: row.member_count ?? 0 }));
    },

    async openLastEventIds(ids: readonly string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('leagues')
        .select(['id', 'last_event_id'])
        .where('id', 'in', [...ids])
        .where('closed_at', 'is', null)
        .execute();
      return new Map(rows.map((row) => [row.id, row.last_event_id]));
    },

    async byId(id: string): Promise<LeagueRow | undefined> {
      return db.selectFrom('leagues').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async update(id: string, changes: Updateable<LeaguesTable>): Promise<LeagueRow> {
      return db.updateTable('leagues').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },

    /** The next event number of a league, taken under the league row's lock (held until commit). */
    async appendEvent(leagueId: string, kind: LeagueEventKind, memberId: string | null, data: unknown): Promise<number> {
      const { last_event_id: id } = await db
        .updateTable('leagues')
        .set({ last_event_id: sql`last_event_id + 1` })
        .where('id', '=', leagueId)
        .returning('last_event_id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('league_events')
        .values({ league_id: leagueId, id, kind, member_id: memberId, data: JSON.stringify(data) })
        .execute();
      return id;
    },

    /** Events after `afterId`, oldest first, at most `limit`. */
    async eventsAfter(leagueId: string, afterId: number, limit: number): Promise<EventRow[]> {
      return db
        .selectFrom('league_events as e')
        .leftJoin('league_members as m', 'm.id', 'e.member_id')
        .select(['e.id', 'e.kind', 'e.member_id', 'e.data', 'e.created_at', 'm.nickname'])
        .where('e.league_id', '=', leagueId)
        .where('e.id', '>', afterId)
        .orderBy('e.id')
        .limit(limit)
        .execute();
    },

    /** Events of several leagues, each after its own id: oldest first per league, at most `limit` in all. */
    async eventsAfterMany(after: ReadonlyMap<string, number>, limit: number): Promise<(EventRow & { league_id: string })[]> {
      if (after.size === 0) return [];
      const result = await sql<EventRow & { league_id: string }>`
        select e.league_id, e.id, e.kind, e.member_id, e.data, e.created_at, m.nickname
        from league_events e
        join unnest(${[...after.keys()]}::uuid[], ${[...after.values()]}::bigint[]) as w (league_id, after_id)
          on e.league_id = w.league_id and e.id > w.after_id
        left join league_members m on m.id = e.member_id
        order by e.league_id, e.id
        limit ${limit}`.execute(db);
      return result.rows;
    },

    /** The latest events, newest first. */
    async recentEvents(leagueId: string, limit: number): Promise<EventRow[]> {
      return db
        .selectFrom('league_events as e')
        .leftJoin('league_members as m', 'm.id', 'e.member_id')
        .select(['e.id', 'e.kind', 'e.member_id', 'e.data', 'e.created_at', 'm.nickname'])
        .where('e.league_id', '=', leagueId)
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute();
    },

    // ——— Members ———

    /** The active members' standing columns only (a community league's ranking reads 10,000 of them a second), as `activeMembers` orders them. */
    async standingRows(leagueId: string) {
      return db
        .selectFrom('league_members')
        .select(['id', 'nickname', 'is_owner', 'seen', 'lines', 'blackout', 'first_line_at', 'blackout_at', 'reached_at', 'joined_at'])
        .where('league_id', '=', leagueId)
        .where('left_at', 'is', null)
        .orderBy('joined_at')
        .orderBy('id')
        .execute();
    },

    /**
     * A community league's standings as the ranking reads them, read once a tick: one object a
     * member, times as ms numbers (no Dates to parse and keep), in join order.
     */
    async communityStandingRows(leagueId: string): Promise<CommunityStandingRow[]> {
      const ms = (column: 'first_line_at' | 'blackout_at' | 'reached_at' | 'joined_at') =>
        // date_part is float8 (extract is numeric: slower in PostgreSQL); rounded, the ms are exact.
        sql<number>`round(date_part('epoch', ${sql.ref(column)}) * 1000)`;
      return db
        .selectFrom('league_members')
        .select([
          'id',
          'nickname',
          'is_owner as isOwner',
          'seen',
          'lines',
          'blackout',
          ms('first_line_at').$castTo<number | null>().as('firstLineAt'),
          ms('blackout_at').$castTo<number | null>().as('blackoutAt'),
          ms('reached_at').as('reachedAt'),
          ms('joined_at').as('joinedAt'),
        ])
        .where('league_id', '=', leagueId)
        .where('left_at', 'is', null)
        .orderBy('joined_at')
        .orderBy('id')
        .execute();
    },

    async activeMembers(leagueId: string): Promise<MemberRow[]> {
      return db
        .selectFrom('league_members')
        .selectAll()
        .where('league_id', '=', leagueId)
        .where('left_at', 'is', null)
        .orderBy('joined_at')
        .orderBy('id')
        .execute();
    },

    async activeMemberCount(leagueId: string): Promise<number> {
      const row = await db
        .selectFrom('league_members')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('league_id', '=', leagueId)
        .where('left_at', 'is', null)
        .executeTakeFirstOrThrow();
      return row.count;
    },

    async activeMember(leagueId: string, where: { playerId: string } | { memberId: string }): Promise<MemberRow | undefined> {
      return db
        .selectFrom('league_members')
        .selectAll()
        .where('league_id', '=', leagueId)
        .where('left_at', 'is', null)
        .where('playerId' in where ? 'player_id' : 'id', '=', 'playerId' in where ? where.playerId : where.memberId)
        .executeTakeFirst();
    },

    /** The player's memberships of open leagues, the league's year and code with each, in league id order (the lock order). */
    /** `memberships` with each league's board (`board`'s squares), in one statement: a mark reads both. */
    async membershipsWithBoards(playerId: string): Promise<(MembershipRow & { board: string[] })[]> {
      const rows = await membershipsWithBoardsStatement(db, { playerId });
      return rows.map(({ slots, ...row }) => ({ ...row, board: squaresOf(slots ?? []) }));
    },

    async memberships(playerId: string): Promise<MembershipRow[]> {
      return membershipsOf(db, playerId).execute();
    },

    async insertMember(values: {
      leagueId: string;
      playerId: string;
      nickname: string;
      nicknameKey: string;
      isOwner: boolean;
      standing: Standing;
      joinedAt: Date;
    }): Promise<MemberRow> {
      return db
        .insertInto('league_members')
        .values({
          league_id: values.leagueId,
          player_id: values.playerId,
          nickname: values.nickname,
          nickname_key: values.nicknameKey,
          is_owner: values.isOwner,
          joined_at: values.joinedAt,
          ...standingColumns(values.standing),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async nicknameTaken(leagueId: string, nicknameKey: string): Promise<boolean> {
      const row = await db
        .selectFrom('league_members')
        .select('id')
        .where('league_id', '=', leagueId)
        .where('nickname_key', '=', nicknameKey)
        .where('left_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    async saveStanding(memberId: string, standing: Standing): Promise<void> {
      await saveStandingStatement(db, { memberId, ...standingColumns(standing) });
    },

    async markLeft(memberId: string, how: 'left' | 'removed', at: Date): Promise<void> {
      await db.updateTable('league_members').set({ left_at: at, left_how: how, is_owner: false }).where('id', '=', memberId).execute();
    },

    async makeOwner(memberId: string): Promise<void> {
      await db.updateTable('league_members').set({ is_owner: true }).where('id', '=', memberId).execute();
    },

    async deleteMembersOf(playerId: string): Promise<void> {
      await db.deleteFrom('league_members').where('player_id', '=', playerId).execute();
    },

    // ——— Admins ———

    /** Open leagues and the distinct players in them, per year, newest year first. */
    async openStats(): Promise<{ year: number; leagues: number; players: number }[]> {
      return db
        .selectFrom('leagues as l')
        .leftJoin('league_members as m', (join) => join.onRef('m.league_id', '=', 'l.id').on('m.left_at', 'is', null))
        .select(['l.year'])
        .select((eb) => [eb.fn.count<number>('l.id').distinct().as('leagues'), eb.fn.count<number>('m.player_id').distinct().as('players')])
        .where('l.closed_at', 'is', null)
        .groupBy('l.year')
        .orderBy('l.year', 'desc')
        .execute();
    },

    async openLeagues(options: { year?: number; limit: number; offset: number }) {
      let query = db
        .selectFrom('leagues as l')
        .select(['l.community', 'l.code', 'l.name', 'l.year', 'l.created_at'])
        .select(memberCount)
        .where('l.closed_at', 'is', null);
      if (options.year !== undefined) query = query.where('l.year', '=', options.year);
      const [rows, total] = await Promise.all([
        query.orderBy('l.created_at', 'desc').orderBy('l.id').limit(options.limit).offset(options.offset).execute(),
        db
          .selectFrom('leagues')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('closed_at', 'is', null)
          .$if(options.year !== undefined, (q) => q.where('year', '=', options.year ?? 0))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((row) => ({ ...row, member_count: row.member_count ?? 0 })), total: total.count };
    },
  };
}

export type LeagueRepository = ReturnType<typeof createLeagueRepository>;
