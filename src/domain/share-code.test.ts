import { describe, expect, it } from 'vitest';
import { BOARD_SIZE, FREE_SPACE_INDEX, YEARS } from './boards';
import { decodeShareCode, encodeShareCode, SHARE_CODE_LENGTH } from './share-code';

const none = Array.from({ length: BOARD_SIZE }, () => false);
const all = Array.from({ length: BOARD_SIZE }, (_, cell) => cell !== FREE_SPACE_INDEX);
const firstRow = none.map((_, cell) => cell < 5);
const diagonal = none.map((_, cell) => cell % 6 === 0 && cell !== FREE_SPACE_INDEX);
const alternate = none.map((_, cell) => cell % 2 === 1);

describe('share codes', () => {
  it.each([
    ['no marks', 2024, none],
    ['every mark', 2018, all],
    ['first row', 2025, firstRow],
    ['the diagonal', 2020, diagonal],
    ['alternate squares', 2021, alternate],
  ] as const)('round-trips %s', (_, year, seen) => {
    const code = encodeShareCode(year, seen);
    expect(code).toHaveLength(SHARE_CODE_LENGTH);
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeShareCode(code)).toEqual({ ok: true, board: { year, seen } });
  });

  it('gives every year its own code', () => {
    const codes = new Set(YEARS.map((year) => encodeShareCode(year, firstRow)));
    expect(codes.size).toBe(YEARS.length);
  });

  it('ignores a mark on the Free Space (it always counts)', () => {
    const withFree = none.map((_, cell) => cell === FREE_SPACE_INDEX);
    expect(encodeShareCode(2024, withFree)).toBe(encodeShareCode(2024, none));
  });

  it('encodes the year and marks in 6 characters', () => {
    expect(encodeShareCode(2024, none)).toBe('GAAAAA');
    expect(encodeShareCode(2024, all)).toBe('GP___w');
  });

  it.each([
    ['', 'A share code has 6 characters; this one has 0.'],
    ['GAAAA', 'A share code has 6 characters; this one has 5.'],
    ['GAAAAAA', 'A share code has 6 characters; this one has 7.'],
    ['GAA*AA', 'A share code uses only letters, digits, "-" and "_".'],
    ['GAA=AA', 'A share code uses only letters, digits, "-" and "_".'],
    ['GAAAAB', 'This share code is damaged.'],
    ['AAAAAA', 'This share code is for 2000, which has no board.'],
    ['HAAAAA', 'This share code is for 2028, which has no board.'],
    ['______', 'This share code is damaged.'],
  ])('refuses %j with a clear message', (code, message) => {
    expect(decodeShareCode(code)).toEqual({ ok: false, message });
  });
});
