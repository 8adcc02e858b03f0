import { z } from 'zod';
import { rankMembers, type Standing } from '../../domain/leagues';
import {
  ClosedEventSchema,
  feedItemsOf,
  LeagueDrawSchema,
  MarksEventSchema,
  MemberStateSchema,
  type FeedEntry,
  type LeagueEvent,
  type MemberState,
} from '../../shared/leagues';
import type { EventRow, MemberRow } from './league-repository';

// The league event log's rows and what they become on the wire (DESIGN §10). The log stores the
// wire's data without nicknames — they are read from the members when an event is sent, so a
// forgotten player's events name "a former player" — and a reset without its state, which is
// built when it is sent.

/** How a forgotten player's events name them. */
export const FORMER_PLAYER = 'a former player';

export const StoredMemberSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('joined'), member: MemberStateSchema.omit({ nickname: true }) }),
  z.object({ action: z.enum(['left', 'removed']) }),
]);
export const StoredMarksSchema = MarksEventSchema.omit({ memberId: true, nickname: true });
export const StoredResetSchema = z.object({ reason: z.enum(['renamed', 'code', 'owner']), name: z.string() });

export type StoredMember = z.infer<typeof StoredMemberSchema>;
export type StoredMarks = z.infer<typeof StoredMarksSchema>;
export type StoredReset = z.infer<typeof StoredResetSchema>;

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;
const isoMs = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The columns a member's state is made of. */
export type MemberStateRow = Pick<
  MemberRow,
  'id' | 'nickname' | 'is_owner' | 'seen' | 'lines' | 'blackout' | 'first_line_at' | 'blackout_at' | 'reached_at' | 'joined_at'
>;

export function memberStateOf(row: MemberStateRow, marks: readonly string[]): MemberState {
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

/** A standing's fields on the wire. */
export const standingWire = (standing: Standing) => ({
  seen: standing.seen,
  lines: standing.lines,
  blackout: standing.blackout,
  firstLineAt: isoMs(standing.firstLineAt),
  blackoutAt: isoMs(standing.blackoutAt),
  reachedAt: new Date(standing.reachedAt).toISOString(),
});

/** Member rows in rank order (the domain's rules), each with its rank. */
export function rankedRows<T extends MemberStateRow>(rows: readonly T[]): (T & { rank: number })[] {
  return rankMembers(
    rows.map((row) => ({
      row,
      seen: row.seen,
      lines: row.lines,
      blackout: row.blackout,
      blackoutAt: row.blackout_at?.getTime() ?? null,
      reachedAt: row.reached_at.getTime(),
      joinedAt: row.joined_at.getTime(),
    })),
  ).map(({ row, rank }) => ({ ...row, rank }));
}

const nicknameOf = (row: EventRow): string => row.nickname ?? FORMER_PLAYER;

/** A logged event on the wire, except a reset (its state is built when it is sent). */
export function loggedEvent(row: EventRow): Exclude<LeagueEvent, { name: 'reset' | 'standing' }> {
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

/** Feed lines of logged events, newest first (a rename names the name it gave, not today's). */
export function feedOf(rows: readonly EventRow[]): FeedEntry[] {
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
