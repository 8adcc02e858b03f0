import type { League, MemberState } from '../../../shared/leagues';

// Fictional fixtures for the leagues' component tests: boards of made-up films and a league
// whose members play them. Nothing here is a real movie or a real board.

export const LEAGUE_YEAR = 2030;

export { fictionalBoard } from '../../test/boards-fixture';

const T0 = Date.parse('2030-05-01T10:00:00.000Z');
export const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/** A member's state with no marks, joined at minute `joined`. */
export function memberState(id: string, nickname: string, overrides: Partial<MemberState> = {}, joined = 0): MemberState {
  return {
    id,
    nickname,
    isOwner: false,
    seen: 0,
    lines: 0,
    blackout: false,
    firstLineAt: null,
    blackoutAt: null,
    reachedAt: at(joined),
    joinedAt: at(joined),
    marks: [],
    ...overrides,
  };
}

export const ANA_ID = '00000000-0000-4000-8000-00000000000a';
export const BEN_ID = '00000000-0000-4000-8000-00000000000b';
export const CAL_ID = '00000000-0000-4000-8000-00000000000c';

/** The league as `GET /api/leagues/:code` answers Ana (its owner): Ana, Ben and nobody else yet. */
export function anasLeague(overrides: Partial<League> = {}): League {
  return {
    code: 'ABC234',
    name: 'Film Friends',
    year: LEAGUE_YEAR,
    community: false,
    memberCount: 2,
    isOwner: true,
    joinUrl: 'http://localhost/leagues/ABC234',
    memberLimit: 50,
    members: [
      {
        ...memberState(ANA_ID, 'Ana', { isOwner: true, seen: 2, marks: [`${LEAGUE_YEAR}-0`, `${LEAGUE_YEAR}-1`], reachedAt: at(5) }),
        isYou: true,
        rank: 1,
      },
      { ...memberState(BEN_ID, 'Ben', {}, 1), isYou: false, rank: 2 },
    ],
    draw: null,
    feed: [
      { id: 2, at: at(1), item: { kind: 'joined', nickname: 'Ben' } },
      { id: 1, at: at(0), item: { kind: 'joined', nickname: 'Ana' } },
    ],
    lastEventId: 3,
    ...overrides,
  };
}
