import type { SharedBoard } from '../../src/domain/share-code';

/** A board whose names use wide and narrow letters, bold (seen) and regular (not seen) squares. */
export const FONT_CHECK_BOARD: { board: SharedBoard; names: string[] } = {
  board: { year: 2024, seen: Array.from({ length: 25 }, (_, cell) => cell % 3 === 0) },
  names: Array.from({ length: 25 }, (_, cell) => (cell % 2 === 0 ? `Wide WWW ${cell}` : `thin ill ${cell}`)),
};
