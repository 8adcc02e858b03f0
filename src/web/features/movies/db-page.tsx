import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { FREE_SPACE_INDEX } from '../../../domain/boards';
import type { Movie } from '../../../shared/content';
import { PRODUCT_NAME } from '../../../shared/product';
import { Icon } from '../../components/icon';
import { fetchBoards, moviesOf, useBoards } from '../../lib/boards-store';
import { loaderOf, type PagePrefetch } from '../../lib/page-data';
import { LazyMovieModal } from './lazy-movie-modal';
import { POSTER_SIZES } from '../../../shared/poster-sizes';
import { MoviePoster } from './movie-poster';
import { SeenListTransfer } from './seen-list-transfer';
import { toggleWatched, useWatchedIds } from './watched-store';

/** Posters this far into a row load eagerly; the rest lazily as the row scrolls. */
const EAGER_IN_ROW = 6;
const EAGER_ROWS = 2;
/** Rows in the page's first render; the rest join one per task after it (useRowsShown). */
const FIRST_RENDER_ROWS = 1;

export function matchesTitle(movie: Movie, query: string): boolean {
  return movie.name.toLowerCase().includes(query.trim().toLowerCase());
}

/**
 * How many of `total` rows to render: the first FIRST_RENDER_ROWS at once, then one more row per task.
 * All 192 posters in one render kept the first row's poster (the page's largest paint) off the
 * screen until the last row was built, in one long run of main-thread work (decision 184).
 */
function useRowsShown(total: number): number {
  const [shown, setShown] = useState(FIRST_RENDER_ROWS);
  useEffect(() => {
    if (shown >= total) return undefined;
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return shown;
}

/**
 * The MINGO DB: every movie of the published boards but their Free Spaces, searchable by title,
 * one scrolling row per board (a movie on two boards shows in both rows, counted once).
 */
export function DbPage() {
  const { boards, isPending } = useBoards();
  const seenIds = useWatchedIds();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [openMovie, setOpenMovie] = useState<Movie | null>(null);

  const freeSpaces = new Set(boards.map((board) => board.movies[FREE_SPACE_INDEX]?.id));
  const films = moviesOf(boards).filter((movie) => !freeSpaces.has(movie.id));
  const matches = films.filter((movie) => matchesTitle(movie, deferredQuery));
  const rows = boards
    .map((board) => ({
      year: board.year,
      movies: board.movies.filter((movie, index) => index !== FREE_SPACE_INDEX && matchesTitle(movie, deferredQuery)),
    }))
    .filter((row) => row.movies.length > 0);
  const rowsShown = useRowsShown(rows.length);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="page-title mb-2">{PRODUCT_NAME} DB</h1>
          <p className="text-slate-600 dark:text-slate-300">
            Every movie from every board. {films.length > 0 && `${countSeen(films, seenIds)} of ${films.length} seen.`}
          </p>
        </div>
        <SeenListTransfer movies={films} />
      </div>
      <div role="search" className="relative max-w-xl">
        <label htmlFor="db-search" className="sr-only">
          Search movies by title
        </label>
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
        <input
          id="db-search"
          type="search"
          className="input py-3 pl-10 text-lg"
          placeholder="Search by title…"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p role="status" className="-mt-3 text-sm text-slate-600 dark:text-slate-300">
        {isPending ? 'Loading movies…' : resultText(matches.length, deferredQuery)}
      </p>
      {rows.slice(0, rowsShown).map((row, rowIndex) => (
        <section
          key={row.year}
          aria-labelledby={`db-year-${row.year}`}
          className={`flex flex-col gap-2 ${rowIndex < EAGER_ROWS ? '' : 'db-year-later'}`}
        >
          <h2 id={`db-year-${row.year}`} className="text-lg font-black">
            {row.year} <span className="text-sm font-semibold text-slate-500 dark:text-slate-400">({row.movies.length})</span>
          </h2>
          <ul className="db-row" aria-label={`${row.year} movies`}>
            {row.movies.map((movie, index) => {
              const seen = seenIds.has(movie.id);
              return (
                <li key={movie.id} className={`w-28 shrink-0 snap-start sm:w-36 ${index < EAGER_IN_ROW ? '' : 'db-poster-later'}`}>
                  <button
                    type="button"
                    onClick={() => setOpenMovie(movie)}
                    className={`board-cell w-full ${seen ? 'board-cell-seen' : ''}`}
                    data-seen={seen}
                    aria-label={seen ? `${movie.name}, seen` : movie.name}
                  >
                    <MoviePoster
                      movie={movie}
                      alt={movie.name}
                      sizes={POSTER_SIZES.row}
                      eager={rowIndex < EAGER_ROWS && index < EAGER_IN_ROW}
                    />
                    {seen && (
                      <span className="board-cell-check" aria-hidden="true">
                        <Icon name="check" />
                      </span>
                    )}
                  </button>
                  <p className="mt-1 truncate text-xs font-semibold" aria-hidden="true" title={movie.name}>
                    {movie.name}
                  </p>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {openMovie !== null && (
        <LazyMovieModal
          movie={openMovie}
          onClose={() => setOpenMovie(null)}
          seen={seenIds.has(openMovie.id)}
          onToggleSeen={(movie) => toggleWatched(movie.id)}
        />
      )}
    </div>
  );
}

function countSeen(films: Movie[], seenIds: ReadonlySet<string>): number {
  return films.filter((movie) => seenIds.has(movie.id)).length;
}

function resultText(count: number, query: string): string {
  const trimmed = query.trim();
  if (trimmed === '') return `${count} movies`;
  if (count === 0) return `No movies match “${trimmed}”.`;
  return `${count} ${count === 1 ? 'movie matches' : 'movies match'} “${trimmed}”`;
}

export const prefetch: PagePrefetch = fetchBoards;
export const loader = loaderOf(prefetch);
export { DbPage as Component };
