export const LETTERS = ['M', 'I', 'N', 'G', 'O'] as const;
export type Letter = (typeof LETTERS)[number];

export const YEARS = [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025] as const;
export type Year = (typeof YEARS)[number];

export const BOARD_SIZE = 25;
export const BOARD_WIDTH = 5;
/** The centre square of every year's board; the only name that repeats in the movie list. */
export const FREE_SPACE_NAME = 'Free Space';
export const FREE_SPACE_INDEX = 12;

const FIRST_YEAR = YEARS[0];

export function isBoardYear(year: number): year is Year {
  return (YEARS as readonly number[]).includes(year);
}

export function yearsDescending(): number[] {
  return [...YEARS].reverse();
}

/**
 * How About names the published years (newest first or in any order): "Every year from 2018 to
 * 2025", one year alone, or "Every year" while none are known. The server writes the same words
 * into About's static shell (server/pages/page-routes.ts), so the app's first render keeps them.
 */
export function yearsSpan(years: readonly number[]): string {
  if (years.length === 0) return 'Every year';
  const oldest = Math.min(...years);
  const newest = Math.max(...years);
  return newest === oldest ? `${newest}` : `Every year from ${oldest} to ${newest}`;
}

/** The movie list holds the boards back to back, 25 per year, oldest year first. */
export function boardForYear<T>(movies: readonly T[], year: number): T[] {
  if (!isBoardYear(year)) return [];
  const start = (year - FIRST_YEAR) * BOARD_SIZE;
  return movies.slice(start, start + BOARD_SIZE);
}

export function cellIndex(letter: Letter, number: number): number {
  if (!Number.isInteger(number) || number < 1 || number > BOARD_WIDTH) {
    throw new RangeError(`Bingo number must be 1..${BOARD_WIDTH}, got ${number}`);
  }
  return (number - 1) * BOARD_WIDTH + LETTERS.indexOf(letter);
}

export function cellPick(index: number): { letter: Letter; number: number } {
  const letter = LETTERS[index % BOARD_WIDTH];
  if (!Number.isInteger(index) || index < 0 || index >= BOARD_SIZE || letter === undefined) {
    throw new RangeError(`Cell index must be 0..${BOARD_SIZE - 1}, got ${index}`);
  }
  return { letter, number: Math.floor(index / BOARD_WIDTH) + 1 };
}

/**
 * A square's name as every board, feed and pick shows it: its column's letter and its row's number
 * ("M1", "I2"; the centre, the Free Space, is "N3"). The one way a name is made: from a drawn pick,
 * a league's draw event, or a board position (squareName).
 */
export function pickName(pick: { letter: Letter; number: number }): string {
  return `${pick.letter}${pick.number}`;
}

/** The name of the square at a board position 0..24 (board order: M1, I1, N1 … O5). */
export function squareName(position: number): string {
  return pickName(cellPick(position));
}

export type BingoLine = { kind: 'row' | 'column' | 'diagonal'; index: number; cells: number[] };

const SPAN = [0, 1, 2, 3, 4];

export const ALL_LINES: readonly BingoLine[] = [
  ...SPAN.map((row): BingoLine => ({
    kind: 'row',
    index: row,
    cells: SPAN.map((col) => row * BOARD_WIDTH + col),
  })),
  ...SPAN.map((col): BingoLine => ({
    kind: 'column',
    index: col,
    cells: SPAN.map((row) => row * BOARD_WIDTH + col),
  })),
  { kind: 'diagonal', index: 0, cells: SPAN.map((i) => i * BOARD_WIDTH + i) },
  { kind: 'diagonal', index: 1, cells: SPAN.map((i) => i * BOARD_WIDTH + (BOARD_WIDTH - 1 - i)) },
];

function isMarked(seen: readonly boolean[], cell: number): boolean {
  return cell === FREE_SPACE_INDEX || seen[cell] === true;
}

export function completedLines(seen: readonly boolean[]): BingoLine[] {
  return ALL_LINES.filter((line) => line.cells.every((cell) => isMarked(seen, cell)));
}

export function isBlackout(seen: readonly boolean[]): boolean {
  for (let cell = 0; cell < BOARD_SIZE; cell++) {
    if (!isMarked(seen, cell)) return false;
  }
  return true;
}

function lineKey(line: BingoLine): string {
  return `${line.kind}:${line.index}`;
}

export function newlyCompletedLines(before: readonly boolean[], after: readonly boolean[]): BingoLine[] {
  const already = new Set(completedLines(before).map(lineKey));
  return completedLines(after).filter((line) => !already.has(lineKey(line)));
}

export function boardProgress(seen: readonly boolean[]): { seen: number; total: 24 } {
  let count = 0;
  for (let cell = 0; cell < BOARD_SIZE; cell++) {
    if (cell !== FREE_SPACE_INDEX && seen[cell] === true) count++;
  }
  return { seen: count, total: 24 };
}
