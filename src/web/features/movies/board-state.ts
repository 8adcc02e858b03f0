import { FREE_SPACE_INDEX } from '../../../domain/boards';
import type { Movie } from '../../../shared/content';

/** Which of a board's 25 cells are seen, in board order (the Free Space is counted by the domain). */
export function seenCells(board: readonly Movie[], seenIds: ReadonlySet<string> | readonly string[]): boolean[] {
  const has = (id: string) => ('has' in seenIds ? seenIds.has(id) : seenIds.includes(id));
  return board.map((movie, index) => index !== FREE_SPACE_INDEX && has(movie.id));
}
