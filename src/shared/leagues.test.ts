import { describe, expect, it } from 'vitest';
import { memberState } from '../../tests/support/league-members';
import {
  CreateLeagueBodySchema,
  feedItemsOf,
  LeagueCodeSchema,
  LeagueNameSchema,
  NicknameSchema,
  PutMarksBodySchema,
  type LeagueEvent,
  type LeagueState,
} from './leagues';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('league fields', () => {
  it('trim nicknames and refuse what the domain refuses, with its words', () => {
    expect(NicknameSchema.parse('  Ana ')).toBe('Ana');
    expect(messageOf(NicknameSchema.safeParse('evil\u202eana'))).toBe('A nickname cannot contain text-direction characters.');
    expect(messageOf(NicknameSchema.safeParse(''))).toBe('Choose a nickname.');
    expect(messageOf(NicknameSchema.safeParse(42))).toBe('Choose a nickname.');
  });

  it.each([
    ['Friday Film Club', true],
    ['  Club  ', true],
    ['', false],
    ['x'.repeat(60), true],
    ['x'.repeat(61), false],
    ['a\nb', false],
    ['a\u0085b', false],
    ['a\u202eb', false],
    ['a\u0000b', false],
  ])('a league name %j is %s', (name, ok) => {
    expect(LeagueNameSchema.safeParse(name).success).toBe(ok);
  });

  it('reads codes case-insensitively and refuses anything else', () => {
    expect(LeagueCodeSchema.parse('abc234')).toBe('ABC234');
    expect(LeagueCodeSchema.safeParse('ABC0DE').success).toBe(false);
    expect(LeagueCodeSchema.safeParse('x'.repeat(33)).success).toBe(false);
  });

  it('takes a league for a board year and marks with ISO times, at most 500 at a time', () => {
    expect(CreateLeagueBodySchema.safeParse({ name: 'Club', year: 2025, nickname: 'Ana' }).success).toBe(true);
    expect(CreateLeagueBodySchema.safeParse({ name: 'Club', year: 1999, nickname: 'Ana' }).success).toBe(false);
    const change = { movieId: '2025-a', seen: true, at: '2026-05-01T10:00:00.000Z' };
    expect(PutMarksBodySchema.safeParse({ changes: [change] }).success).toBe(true);
    expect(PutMarksBodySchema.safeParse({ changes: [{ ...change, at: 'May Day' }] }).success).toBe(false);
    expect(PutMarksBodySchema.safeParse({ changes: [{ ...change, movieId: 'Not An Id' }] }).success).toBe(false);
    expect(PutMarksBodySchema.safeParse({ changes: Array.from({ length: 500 }, () => change) }).success).toBe(true);
    expect(PutMarksBodySchema.safeParse({ changes: Array.from({ length: 501 }, () => change) }).success).toBe(false);
  });
});

describe('feedItemsOf', () => {
  const member = memberState('m1', { nickname: 'Ben' });
  const league: LeagueState = {
    code: 'ABC234',
    name: 'Club',
    year: 2025,
    community: false,
    memberCount: 0,
    members: [],
    draw: null,
    feed: [],
    lastEventId: 9,
  };
  const marks = (extra: { newLines: number; mingo: boolean }): LeagueEvent => ({
    id: 3,
    name: 'marks',
    data: {
      memberId: 'm1',
      nickname: 'Ben',
      changes: [
        { movieId: 'a', movieName: 'Dune', seen: true },
        { movieId: 'b', movieName: 'Heat', seen: false },
      ],
      seen: 5,
      lines: 1,
      blackout: extra.mingo,
      firstLineAt: null,
      blackoutAt: null,
      reachedAt: '2026-05-01T00:00:00.000Z',
      ...extra,
    },
  });

  it.each<[string, LeagueEvent, unknown[]]>([
    ['a join', { id: 1, name: 'member', data: { action: 'joined', member } }, [{ kind: 'joined', nickname: 'Ben' }]],
    [
      'a removal',
      { id: 2, name: 'member', data: { action: 'removed', memberId: 'm1', nickname: 'Ben' } },
      [{ kind: 'removed', nickname: 'Ben' }],
    ],
    [
      'marks',
      marks({ newLines: 0, mingo: false }),
      [
        { kind: 'saw', nickname: 'Ben', movieName: 'Dune' },
        { kind: 'unsaw', nickname: 'Ben', movieName: 'Heat' },
      ],
    ],
    [
      'a line and a MINGO',
      marks({ newLines: 2, mingo: true }),
      [
        { kind: 'saw', nickname: 'Ben', movieName: 'Dune' },
        { kind: 'unsaw', nickname: 'Ben', movieName: 'Heat' },
        { kind: 'line', nickname: 'Ben', lines: 2 },
        { kind: 'mingo', nickname: 'Ben' },
      ],
    ],
    [
      'a draw',
      { id: 4, name: 'draw', data: { letter: 'G', number: 4, movieId: 'x', movieName: 'Heat', drawnAt: '2026-05-01T00:00:00.000Z' } },
      [{ kind: 'draw', square: 'G4', movieName: 'Heat' }],
    ],
    ['a rename', { id: 5, name: 'reset', data: { reason: 'renamed', league } }, [{ kind: 'renamed', name: 'Club' }]],
    ['a gap', { id: 5, name: 'reset', data: { reason: 'gap', league } }, []],
    ['a close', { id: 6, name: 'closed', data: { by: 'owner' } }, []],
  ])('%s', (_name, event, items) => {
    expect(feedItemsOf(event)).toEqual(items);
  });
});
