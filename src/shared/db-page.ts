import { FREE_SPACE_INDEX } from '../domain/boards';

/**
 * The words and rows of the MINGO DB page, shared by the page (ui/db-page-view.tsx,
 * web/features/movies/db-page.tsx) and the static first paint of /db that the server sends
 * (decision 185). Behaviour (search, the movie card, seen marks) stays in the web page.
 */
export const DB_PAGE_TEXT = {
  description: 'Every movie from every board.',
  searchPlaceholder: 'Search by title…',
  exportSeen: 'Export seen list',
  importSeen: 'Import seen list',
} as const;

/** Posters this far into a row load eagerly; the rest lazily as the row scrolls. */
export const EAGER_IN_ROW = 6;
export const EAGER_ROWS = 2;
/**
 * Rows in the page's first render; the rest join one per task after it (db-page.tsx). The server
 * paints as many, so the app's first render replaces them row for row.
 */
export const FIRST_RENDER_ROWS = 1;

/** Whether a poster loads at once: the first EAGER_IN_ROW of the first EAGER_ROWS rows. */
export function posterEager(rowIndex: number, index: number): boolean {
  return rowIndex < EAGER_ROWS && index < EAGER_IN_ROW;
}

export function seenText(seen: number, total: number): string {
  return `${seen} of ${total} seen.`;
}

/** The status line under the search box. */
export function resultText(count: number, query: string): string {
  const trimmed = query.trim();
  if (trimmed === '') return `${count} movies`;
  if (count === 0) return `No movies match “${trimmed}”.`;
  return `${count} ${count === 1 ? 'movie matches' : 'movies match'} “${trimmed}”`;
}

export function matchesTitle(movie: { name: string }, query: string): boolean {
  return movie.name.toLowerCase().includes(query.trim().toLowerCase());
}

type DbMovie = { id: string; name: string };
type DbBoard<M extends DbMovie> = { year: number; movies: readonly M[] };

/**
 * The DB's films: every movie of the boards once (a movie on two boards counts once), but the
 * boards' Free Spaces.
 */
export function dbFilms<M extends DbMovie>(boards: readonly DbBoard<M>[]): M[] {
  const skipped = new Set(boards.map((board) => board.movies[FREE_SPACE_INDEX]?.id));
  const films: M[] = [];
  for (const movie of boards.flatMap((board) => board.movies)) {
    if (skipped.has(movie.id)) continue;
    skipped.add(movie.id);
    films.push(movie);
  }
  return films;
}

/**
 * The DB's rows, in the boards' order (newest year first): one per board, its movies in board
 * order without its Free Space, those whose title matches `query`; a row with no match is left out.
 */
export function dbRows<M extends DbMovie>(boards: readonly DbBoard<M>[], query: string): { year: number; movies: M[] }[] {
  return boards
    .map((board) => ({
      year: board.year,
      movies: board.movies.filter((movie, index) => index !== FREE_SPACE_INDEX && matchesTitle(movie, query)),
    }))
    .filter((row) => row.movies.length > 0);
}
