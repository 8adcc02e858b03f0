import { FREE_SPACE_INDEX } from '../domain/boards';

/**
 * The look, words and rows of the MINGO DB page, shared by the React page
 * (web/features/movies/db-page.tsx, seen-list-transfer.tsx) and the static first paint of /db that
 * the server writes into index.html (server/pages/db-shell.ts): the two must lay out alike, or the
 * app's first render moves the page (decision 185). Behaviour (search, the movie card, seen marks)
 * stays in the React page.
 */
export const DB_PAGE_CLASSES = {
  page: 'flex flex-col gap-6',
  /** Heading and description, then the seen-list buttons (beside them from `lg`). */
  header: 'flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between',
  title: 'page-title mb-2',
  description: 'text-slate-600 dark:text-slate-300',
  /**
   * The seen count has a line of its own on a phone: how many digits it has then never decides
   * whether the description wraps, so the server's first paint (which cannot know the count) and
   * the page take the same height at every width.
   */
  seenCount: 'block sm:inline',
  /** The server's first paint cannot know what this visitor has seen: the count keeps its place, unseen. */
  seenCountUnknown: 'invisible block sm:inline',
  transfer: 'flex flex-col gap-2 lg:items-end',
  transferButtons: 'flex flex-wrap gap-2',
  transferButton: 'btn-secondary',
  transferReport: 'lg:max-w-md lg:text-right',
  search: 'relative max-w-xl',
  searchIcon: 'pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500 dark:text-slate-400',
  searchInput: 'input py-3 pl-10 text-lg',
  status: '-mt-3 text-sm text-slate-600 dark:text-slate-300',
  yearHeading: 'text-lg font-black',
  yearCount: 'text-sm font-semibold text-slate-500 dark:text-slate-400',
  row: 'db-row',
  posterButton: 'board-cell w-full',
  posterName: 'mt-1 truncate text-xs font-semibold',
} as const;

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

/** A year's section: the years below the first EAGER_ROWS are laid out only near the viewport (app.css). */
export function yearClasses(rowIndex: number): string {
  return rowIndex < EAGER_ROWS ? 'flex flex-col gap-2' : 'flex flex-col gap-2 db-year-later';
}

/** A poster's place in its row: those past EAGER_IN_ROW are drawn only near the viewport (app.css). */
export function posterClasses(index: number): string {
  return index < EAGER_IN_ROW ? 'w-28 shrink-0 snap-start sm:w-36' : 'w-28 shrink-0 snap-start sm:w-36 db-poster-later';
}

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
