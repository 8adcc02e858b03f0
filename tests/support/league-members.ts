import type { MemberState } from '../../src/shared/leagues';

/** A member as a league's state shows one: no marks, no lines, joined on 1 May 2026 (its nickname is its id). */
export function memberState(id: string, overrides: Partial<MemberState> = {}): MemberState {
  return {
    id,
    nickname: id,
    isOwner: false,
    seen: 0,
    lines: 0,
    blackout: false,
    firstLineAt: null,
    blackoutAt: null,
    reachedAt: '2026-05-01T00:00:00.000Z',
    joinedAt: '2026-05-01T00:00:00.000Z',
    marks: [],
    ...overrides,
  };
}
