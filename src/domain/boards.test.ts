import { describe, it, expect } from 'vitest';
import {
  yearsSpan,
  ALL_LINES,
  BOARD_SIZE,
  FREE_SPACE_INDEX,
  boardForYear,
  boardProgress,
  cellIndex,
  cellPick,
  completedLines,
  isBlackout,
  newlyCompletedLines,
  pickName,
  squareName,
  yearsDescending,
  type Letter,
} from './boards';

const movies = Array.from({ length: 200 }, (_, i) => i);

function seenCells(cells: readonly number[]): boolean[] {
  return Array.from({ length: BOARD_SIZE }, (_, i) => cells.includes(i));
}

const lineNames = (seen: readonly boolean[]): string[] => completedLines(seen).map((l) => `${l.kind}${l.index}`);

describe('yearsSpan', () => {
  it('names the oldest and newest year in any order, one year alone, or every year while none are known', () => {
    expect(yearsSpan([2025, 2019, 2018, 2026])).toBe('Every year from 2018 to 2026');
    expect(yearsSpan([2024])).toBe('2024');
    expect(yearsSpan([])).toBe('Every year');
  });
});

describe('yearsDescending', () => {
  it('lists 2025 down to 2018', () => {
    expect(yearsDescending()).toEqual([2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018]);
  });
});

describe('boardForYear', () => {
  it.each([
    { year: 2018, first: 0, last: 24 },
    { year: 2019, first: 25, last: 49 },
    { year: 2025, first: 175, last: 199 },
  ])('$year takes positions $first..$last', ({ year, first, last }) => {
    const board = boardForYear(movies, year);
    expect(board).toHaveLength(25);
    expect(board[0]).toBe(first);
    expect(board[24]).toBe(last);
  });

  it.each([
    { name: 'unknown year before', list: movies, year: 2017, length: 0 },
    { name: 'unknown year after', list: movies, year: 2026, length: 0 },
    { name: 'non-integer year', list: movies, year: 2018.5, length: 0 },
    { name: 'short list', list: movies.slice(0, 30), year: 2019, length: 5 },
    { name: 'list ends before year', list: movies.slice(0, 30), year: 2020, length: 0 },
    { name: 'empty list', list: [], year: 2018, length: 0 },
  ])('$name → $length entries', ({ list, year, length }) => {
    expect(boardForYear(list, year)).toHaveLength(length);
  });
});

describe('cellIndex / cellPick', () => {
  it.each<[Letter, number, number]>([
    ['M', 1, 0],
    ['O', 1, 4],
    ['N', 3, 12],
    ['M', 5, 20],
    ['O', 5, 24],
    ['I', 2, 6],
    ['G', 4, 18],
  ])('%s%i ↔ %i', (letter, number, index) => {
    expect(cellIndex(letter, number)).toBe(index);
    expect(cellPick(index)).toEqual({ letter, number });
  });

  it('round-trips every cell', () => {
    for (let i = 0; i < BOARD_SIZE; i++) {
      const { letter, number } = cellPick(i);
      expect(cellIndex(letter, number)).toBe(i);
    }
  });

  it.each([0, 6, 1.5, -1])('cellIndex rejects number %s', (n) => {
    expect(() => cellIndex('M', n)).toThrow(RangeError);
  });

  it.each([-1, 25, 2.5, Number.NaN])('cellPick rejects index %s', (i) => {
    expect(() => cellPick(i)).toThrow(RangeError);
  });
});

describe('pickName / squareName', () => {
  it.each<[number, string]>([
    [0, 'M1'],
    [1, 'I1'],
    [4, 'O1'],
    [6, 'I2'],
    [12, 'N3'],
    [18, 'G4'],
    [20, 'M5'],
    [24, 'O5'],
  ])('position %i is %s', (position, name) => {
    expect(squareName(position)).toBe(name);
    expect(pickName(cellPick(position))).toBe(name);
  });

  it('names the 25 squares once each, the Free Space N3', () => {
    const names = Array.from({ length: BOARD_SIZE }, (_, position) => squareName(position));
    expect(new Set(names).size).toBe(BOARD_SIZE);
    expect(names[FREE_SPACE_INDEX]).toBe('N3');
  });

  it('names a drawn pick or a league draw from its letter and number', () => {
    expect(pickName({ letter: 'G', number: 4 })).toBe('G4');
    expect(pickName({ letter: 'M', number: 5 })).toBe('M5');
  });

  it.each([-1, 25, 0.5, Number.NaN])('squareName(%s) refuses with the valid range', (position) => {
    expect(() => squareName(position)).toThrow(new RangeError(`Cell index must be 0..24, got ${position}`));
  });
});

describe('ALL_LINES', () => {
  it('has 5 rows, 5 columns and 2 diagonals of 5 distinct cells', () => {
    expect(ALL_LINES).toHaveLength(12);
    expect(ALL_LINES.filter((l) => l.kind === 'row')).toHaveLength(5);
    expect(ALL_LINES.filter((l) => l.kind === 'column')).toHaveLength(5);
    expect(ALL_LINES.filter((l) => l.kind === 'diagonal')).toHaveLength(2);
    for (const line of ALL_LINES) expect(new Set(line.cells).size).toBe(5);
  });
});

describe('completedLines', () => {
  it.each([
    { name: 'nothing seen', cells: [], lines: [] },
    { name: 'empty array', seen: [], lines: [] },
    { name: 'top row', cells: [0, 1, 2, 3, 4], lines: ['row0'] },
    { name: 'middle row via free space', cells: [10, 11, 13, 14], lines: ['row2'] },
    { name: 'middle column via free space', cells: [2, 7, 17, 22], lines: ['column2'] },
    { name: 'first column', cells: [0, 5, 10, 15, 20], lines: ['column0'] },
    { name: 'main diagonal via free space', cells: [0, 6, 18, 24], lines: ['diagonal0'] },
    { name: 'anti-diagonal via free space', cells: [4, 8, 16, 20], lines: ['diagonal1'] },
    { name: 'four of a row is no bingo', cells: [0, 1, 2, 3], lines: [] },
    { name: 'middle row missing one', cells: [10, 11, 13], lines: [] },
    { name: 'row and column sharing a corner', cells: [0, 1, 2, 3, 4, 5, 10, 15, 20], lines: ['row0', 'column0'] },
    { name: 'truncated array counts missing as unseen', seen: [true, true, true, true], lines: [] },
    {
      name: 'explicit false on free space still counts',
      seen: seenCells([10, 11, 13, 14]).map((v, i) => (i === FREE_SPACE_INDEX ? false : v)),
      lines: ['row2'],
    },
  ])('$name', ({ cells, seen, lines }) => {
    expect(lineNames(seen ?? seenCells(cells ?? []))).toEqual(lines);
  });

  it('all marked completes all 12 lines', () => {
    expect(completedLines(seenCells(Array.from({ length: 25 }, (_, i) => i)))).toHaveLength(12);
  });
});

describe('isBlackout', () => {
  const allButFree = Array.from({ length: 25 }, (_, i) => i).filter((i) => i !== FREE_SPACE_INDEX);
  it.each([
    { name: 'all 24 non-free cells', seen: seenCells(allButFree), expected: true },
    { name: 'all 25 cells', seen: Array<boolean>(25).fill(true), expected: true },
    { name: 'one missing', seen: seenCells(allButFree.slice(1)), expected: false },
    { name: 'short array', seen: Array<boolean>(24).fill(true), expected: false },
    { name: 'empty', seen: [], expected: false },
  ])('$name → $expected', ({ seen, expected }) => {
    expect(isBlackout(seen)).toBe(expected);
  });
});

describe('newlyCompletedLines', () => {
  it.each([
    { name: 'completing the top row', before: [0, 1, 2, 3], after: [0, 1, 2, 3, 4], lines: ['row0'] },
    { name: 'no change', before: [0, 1, 2, 3, 4], after: [0, 1, 2, 3, 4], lines: [] },
    { name: 'unmarking', before: [0, 1, 2, 3, 4], after: [0, 1, 2, 3], lines: [] },
    {
      name: 'one cell completes two lines',
      before: [1, 2, 3, 4, 5, 10, 15, 20],
      after: [0, 1, 2, 3, 4, 5, 10, 15, 20],
      lines: ['row0', 'column0'],
    },
    {
      name: 'already complete line not repeated',
      before: [0, 1, 2, 3, 4, 5, 10, 15],
      after: [0, 1, 2, 3, 4, 5, 10, 15, 20],
      lines: ['column0'],
    },
  ])('$name', ({ before, after, lines }) => {
    expect(newlyCompletedLines(seenCells(before), seenCells(after)).map((l) => `${l.kind}${l.index}`)).toEqual(lines);
  });
});

describe('boardProgress', () => {
  it.each([
    { name: 'nothing', seen: [], count: 0 },
    { name: 'free space only', seen: seenCells([FREE_SPACE_INDEX]), count: 0 },
    { name: 'three cells', seen: seenCells([0, 5, 24]), count: 3 },
    { name: 'everything', seen: Array<boolean>(25).fill(true), count: 24 },
    { name: 'extra entries ignored', seen: Array<boolean>(30).fill(true), count: 24 },
  ])('$name → $count / 24', ({ seen, count }) => {
    expect(boardProgress(seen)).toEqual({ seen: count, total: 24 });
  });
});

describe('out-of-range squares', () => {
  it.each([-1, 25, 2.5, Number.NaN])('cellPick(%s) refuses with the valid range in the message', (index) => {
    expect(() => cellPick(index)).toThrow(new RangeError(`Cell index must be 0..24, got ${index}`));
  });

  it.each([0, 6, 1.5])('cellIndex(M, %s) refuses with the valid range in the message', (number) => {
    expect(() => cellIndex('M', number)).toThrow(new RangeError(`Bingo number must be 1..5, got ${number}`));
  });
});
