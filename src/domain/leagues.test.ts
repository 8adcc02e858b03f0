import { describe, expect, it } from 'vitest';
import { BOARD_SIZE, FREE_SPACE_INDEX } from './boards';
import {
  checkNickname,
  compareStandings,
  feedText,
  LEAGUE_CODE_ALPHABET,
  makeLeagueCode,
  markedCells,
  mergeMarks,
  nextStanding,
  NO_STANDING,
  nicknameKey,
  normalizeLeagueCode,
  rankMembers,
  type FeedItem,
  type MarkState,
  type Ranked,
  type Standing,
} from './leagues';
import { mulberry32 } from './rng';

const cells = (...seen: number[]): boolean[] => Array.from({ length: BOARD_SIZE }, (_, cell) => seen.includes(cell));

describe('league codes', () => {
  it('use 31 characters with no 0/O, 1/I/L', () => {
    expect(LEAGUE_CODE_ALPHABET).toHaveLength(31);
    for (const ambiguous of '0O1IL') expect(LEAGUE_CODE_ALPHABET).not.toContain(ambiguous);
    expect(new Set(LEAGUE_CODE_ALPHABET).size).toBe(31);
  });

  it('are 6 characters of the alphabet, every character reachable', () => {
    const rng = mulberry32(7);
    const used = new Set<string>();
    for (let n = 0; n < 500; n++) {
      const code = makeLeagueCode(rng);
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
      for (const char of code) used.add(char);
    }
    expect(used.size).toBe(31);
  });

  it('takes the first and the last character of the alphabet at the edges of the random source', () => {
    expect(makeLeagueCode(() => 0)).toBe('AAAAAA');
    expect(makeLeagueCode(() => 0.999_999)).toBe('999999');
  });

  it.each([
    ['abc234', 'ABC234'],
    ['  ABC234 ', 'ABC234'],
    ['ABC23', null],
    ['ABC2345', null],
    ['ABC0DE', null],
    ['ABCODE', null],
    ['ABC1DE', null],
    ['ABCIDE', null],
    ['ABCLDE', null],
    ['ABC-DE', null],
    ['', null],
  ])('normalizes %j to %j', (text, code) => {
    expect(normalizeLeagueCode(text)).toBe(code);
  });
});

describe('nicknames', () => {
  it.each([
    ['Ana', 'Ana'],
    ['  Ana Lee  ', 'Ana Lee'],
    ['é'.normalize('NFD'), 'é'],
    ['🎬 Fan', '🎬 Fan'],
    ['x'.repeat(24), 'x'.repeat(24)],
    ['🎬'.repeat(24), '🎬'.repeat(24)],
  ])('keeps %j as %j', (raw, nickname) => {
    expect(checkNickname(raw)).toEqual({ ok: true, nickname });
  });

  it.each([
    ['', 'Choose a nickname.'],
    ['   ', 'Choose a nickname.'],
    ['x'.repeat(25), 'A nickname has at most 24 characters.'],
    ['a\u0000b', 'A nickname cannot contain control characters or line breaks.'],
    ['a\nb', 'A nickname cannot contain control characters or line breaks.'],
    ['a\u0085b', 'A nickname cannot contain control characters or line breaks.'],
    ['a\u009fb', 'A nickname cannot contain control characters or line breaks.'],
    ['a\u2028b', 'A nickname cannot contain control characters or line breaks.'],
    ['a\u007fb', 'A nickname cannot contain control characters or line breaks.'],
    ['evil\u202eana', 'A nickname cannot contain text-direction characters.'],
    ['a\u2066b', 'A nickname cannot contain text-direction characters.'],
    ['a\u200fb', 'A nickname cannot contain text-direction characters.'],
    ['a\u061cb', 'A nickname cannot contain text-direction characters.'],
  ])('refuses %j', (raw, message) => {
    expect(checkNickname(raw)).toEqual({ ok: false, message });
  });

  it('are the same in a league when they differ only in case or outer space', () => {
    expect(nicknameKey(' BEN ')).toBe(nicknameKey('ben'));
    expect(nicknameKey('É'.normalize('NFD'))).toBe(nicknameKey('é'));
    expect(nicknameKey('Ben')).not.toBe(nicknameKey('Benn'));
  });
});

describe('mergeMarks', () => {
  const kept = new Map<string, MarkState>([
    ['a', { seen: true, at: 100 }],
    ['b', { seen: false, at: 100 }],
  ]);

  it.each([
    { name: 'a newer change wins', change: { movieId: 'a', seen: false, at: 200 }, after: { seen: false, at: 200 }, flipped: true },
    { name: 'an older change loses', change: { movieId: 'a', seen: false, at: 50 }, after: { seen: true, at: 100 }, flipped: false },
    { name: 'seen wins a tie', change: { movieId: 'b', seen: true, at: 100 }, after: { seen: true, at: 100 }, flipped: true },
    { name: 'unseen loses a tie', change: { movieId: 'a', seen: false, at: 100 }, after: { seen: true, at: 100 }, flipped: false },
    { name: 'a new movie is taken', change: { movieId: 'c', seen: true, at: 1 }, after: { seen: true, at: 1 }, flipped: true },
    {
      name: 'a new unseen is kept but flips nothing',
      change: { movieId: 'c', seen: false, at: 1 },
      after: { seen: false, at: 1 },
      flipped: false,
    },
    {
      name: 'the same state later moves the time only',
      change: { movieId: 'a', seen: true, at: 300 },
      after: { seen: true, at: 300 },
      flipped: false,
    },
    {
      name: 'a change from the future counts as now',
      change: { movieId: 'a', seen: false, at: 10_000 },
      after: { seen: false, at: 1_000 },
      flipped: true,
    },
  ])('$name', ({ change, after, flipped }) => {
    const { marks, changed } = mergeMarks(kept, [change], 1_000);
    expect(marks.get(change.movieId)).toEqual(after);
    expect(changed.has(change.movieId)).toBe(flipped);
    // The kept marks are not touched.
    expect(kept.get('a')).toEqual({ seen: true, at: 100 });
  });

  it('applies a batch in order of time, whatever its order, and reports what changed against before', () => {
    const { marks, changed } = mergeMarks(
      kept,
      [
        { movieId: 'b', seen: true, at: 300 },
        { movieId: 'b', seen: false, at: 200 },
        { movieId: 'a', seen: false, at: 150 },
        { movieId: 'a', seen: true, at: 160 },
      ],
      1_000,
    );
    expect(marks.get('b')).toEqual({ seen: true, at: 300 });
    expect(marks.get('a')).toEqual({ seen: true, at: 160 });
    // b went from unseen to seen; a came back to seen: no change.
    expect([...changed.keys()]).toEqual(['b']);
  });

  it('a future change cannot block the next real one', () => {
    const first = mergeMarks(new Map(), [{ movieId: 'x', seen: true, at: 99_999 }], 1_000);
    const second = mergeMarks(first.marks, [{ movieId: 'x', seen: false, at: 1_001 }], 1_001);
    expect(second.marks.get('x')).toEqual({ seen: false, at: 1_001 });
  });
});

describe('standings', () => {
  const start: Standing = { ...NO_STANDING, reachedAt: 0 };

  it('marks the cells a player has seen on a board, the Free Space never', () => {
    const board = Array.from({ length: BOARD_SIZE }, (_, cell) => `m${cell}`);
    const marked = markedCells(board, new Set(['m0', 'm12', 'm24', 'elsewhere']));
    expect(marked.filter(Boolean)).toHaveLength(2);
    expect(marked[0]).toBe(true);
    expect(marked[FREE_SPACE_INDEX]).toBe(false);
    expect(marked[24]).toBe(true);
  });

  it('counts seen, lines and the blackout, and dates the first line and the MINGO', () => {
    const one = nextStanding(start, cells(0, 1, 2, 3), 10);
    expect(one).toEqual({
      standing: { seen: 4, lines: 0, blackout: false, firstLineAt: null, blackoutAt: null, reachedAt: 10 },
      newLines: 0,
      mingo: false,
    });
    const line = nextStanding(one.standing, cells(0, 1, 2, 3, 4), 20);
    expect(line.standing).toMatchObject({ seen: 5, lines: 1, firstLineAt: 20, reachedAt: 20 });
    expect(line.newLines).toBe(1);
    // The middle row and column pass through the Free Space: two lines at once.
    const cross = nextStanding(line.standing, cells(0, 1, 2, 3, 4, 10, 11, 13, 14, 2, 7, 17, 22), 30);
    expect(cross.standing).toMatchObject({ lines: 3, firstLineAt: 20 });
    expect(cross.newLines).toBe(2);
    const all = Array.from({ length: BOARD_SIZE }, (_, cell) => cell);
    const mingo = nextStanding(cross.standing, cells(...all), 40);
    expect(mingo).toMatchObject({
      standing: { seen: 24, lines: 12, blackout: true, blackoutAt: 40, firstLineAt: 20 },
      mingo: true,
      newLines: 9,
    });
  });

  it('keeps its times while what they date still holds, and drops them when it does not', () => {
    const all = Array.from({ length: BOARD_SIZE }, (_, cell) => cell);
    const mingo = nextStanding({ ...start }, cells(...all), 40).standing;
    const lostOne = nextStanding(mingo, cells(...all.filter((cell) => cell !== 0)), 50);
    expect(lostOne.standing).toMatchObject({ blackout: false, blackoutAt: null, firstLineAt: 40, reachedAt: 50 });
    expect(lostOne).toMatchObject({ newLines: 0, mingo: false });
    const none = nextStanding(lostOne.standing, cells(), 60);
    expect(none.standing).toMatchObject({ lines: 0, firstLineAt: null });
    // Nothing moved: the time it was reached stays.
    expect(nextStanding(none.standing, cells(), 70).standing.reachedAt).toBe(60);
  });

  const member = (name: string, fields: Partial<Ranked>): Ranked & { name: string } => ({
    name,
    seen: 0,
    lines: 0,
    blackout: false,
    blackoutAt: null,
    reachedAt: 0,
    joinedAt: 0,
    ...fields,
  });

  it.each([
    {
      name: 'a MINGO beats more lines',
      a: member('a', { blackout: true, blackoutAt: 9, lines: 12 }),
      b: member('b', { lines: 12, seen: 24 }),
    },
    {
      name: 'the earlier MINGO first',
      a: member('a', { blackout: true, blackoutAt: 5, reachedAt: 9 }),
      b: member('b', { blackout: true, blackoutAt: 6, reachedAt: 1 }),
    },
    { name: 'more lines beat more seen', a: member('a', { lines: 2, seen: 9 }), b: member('b', { lines: 1, seen: 20 }) },
    { name: 'more seen', a: member('a', { seen: 3 }), b: member('b', { seen: 2 }) },
    { name: 'a tie goes to who got there first', a: member('a', { seen: 3, reachedAt: 5 }), b: member('b', { seen: 3, reachedAt: 6 }) },
    { name: 'then to who joined first', a: member('a', { joinedAt: 1 }), b: member('b', { joinedAt: 2 }) },
  ])('$name', ({ a, b }) => {
    expect(compareStandings(a, b)).toBeLessThan(0);
    expect(compareStandings(b, a)).toBeGreaterThan(0);
  });

  it('ranks 1, 2, 3 … with no shared rank', () => {
    const ranked = rankMembers([member('c', { seen: 1, reachedAt: 2 }), member('a', { lines: 1 }), member('b', { seen: 1, reachedAt: 1 })]);
    expect(ranked.map((row) => [row.rank, row.name])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
  });
});

describe('feedText', () => {
  it.each<[FeedItem, string]>([
    [{ kind: 'saw', nickname: 'Ben', movieName: 'Dune' }, 'Ben saw Dune'],
    [{ kind: 'unsaw', nickname: 'Ben', movieName: 'Dune' }, 'Ben unmarked Dune'],
    [{ kind: 'line', nickname: 'Ana', lines: 1 }, 'Ana got a line!'],
    [{ kind: 'line', nickname: 'Ana', lines: 2 }, 'Ana got 2 lines!'],
    [{ kind: 'mingo', nickname: 'Ben' }, 'Ben — MINGO!'],
    [{ kind: 'joined', nickname: 'Cy' }, 'Cy joined'],
    [{ kind: 'left', nickname: 'Cy' }, 'Cy left'],
    [{ kind: 'removed', nickname: 'Cy' }, 'Cy was removed'],
    [{ kind: 'draw', square: 'N3', movieName: 'Free Space' }, 'Mighty MINGO drew N3: Free Space'],
    [{ kind: 'renamed', name: 'Film Club' }, 'The league is now called Film Club'],
  ])('%j → %s', (item, text) => {
    expect(feedText(item)).toBe(text);
  });
});
