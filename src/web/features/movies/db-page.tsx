import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import type { Movie } from '../../../shared/content';
import {
  DB_PAGE_CLASSES as DB,
  DB_PAGE_TEXT,
  dbFilms,
  dbRows,
  FIRST_RENDER_ROWS,
  matchesTitle,
  posterClasses,
  posterEager,
  resultText,
  seenText,
  yearClasses,
} from '../../../shared/db-page';
import { PRODUCT_NAME } from '../../../shared/product';
import { Icon } from '../../components/icon';
import { fetchBoards, useBoards } from '../../lib/boards-store';
import { loaderOf, type PagePrefetch } from '../../lib/page-data';
import { LazyMovieModal } from './lazy-movie-modal';
import { POSTER_SIZES } from '../../../shared/poster-sizes';
import { MoviePoster } from './movie-poster';
import { SeenListTransfer } from './seen-list-transfer';
import { toggleWatched, useWatchedIds } from '../../lib/watched-store';

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

  const films = dbFilms(boards);
  const matches = films.filter((movie) => matchesTitle(movie, deferredQuery));
  const rows = dbRows(boards, deferredQuery);
  const rowsShown = useRowsShown(rows.length);

  return (
    <div className={DB.page}>
      <div className={DB.header}>
        <div>
          <h1 className={DB.title}>{PRODUCT_NAME} DB</h1>
          <p className={DB.description}>
            {DB_PAGE_TEXT.description}{' '}
            {films.length > 0 && <span className={DB.seenCount}>{seenText(countSeen(films, seenIds), films.length)}</span>}
          </p>
        </div>
        <SeenListTransfer movies={films} />
      </div>
      <div role="search" className={DB.search}>
        <label htmlFor="db-search" className="sr-only">
          Search movies by title
        </label>
        <Icon name="search" className={DB.searchIcon} />
        <input
          id="db-search"
          type="search"
          className={DB.searchInput}
          placeholder={DB_PAGE_TEXT.searchPlaceholder}
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p role="status" className={DB.status}>
        {isPending ? 'Loading movies…' : resultText(matches.length, deferredQuery)}
      </p>
      {rows.slice(0, rowsShown).map((row, rowIndex) => (
        <section key={row.year} aria-labelledby={`db-year-${row.year}`} className={yearClasses(rowIndex)}>
          <h2 id={`db-year-${row.year}`} className={DB.yearHeading}>
            {row.year} <span className={DB.yearCount}>({row.movies.length})</span>
          </h2>
          <ul className={DB.row} aria-label={`${row.year} movies`}>
            {row.movies.map((movie, index) => {
              const seen = seenIds.has(movie.id);
              return (
                <li key={movie.id} className={posterClasses(index)}>
                  <button
                    type="button"
                    onClick={() => setOpenMovie(movie)}
                    className={seen ? `${DB.posterButton} board-cell-seen` : DB.posterButton}
                    data-seen={seen}
                    aria-label={seen ? `${movie.name}, seen` : movie.name}
                  >
                    <MoviePoster movie={movie} alt={movie.name} sizes={POSTER_SIZES.row} eager={posterEager(rowIndex, index)} />
                    {seen && (
                      <span className="board-cell-check" aria-hidden="true">
                        <Icon name="check" />
                      </span>
                    )}
                  </button>
                  <p className={DB.posterName} aria-hidden="true" title={movie.name}>
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

export const prefetch: PagePrefetch = fetchBoards;
export const loader = loaderOf(prefetch);
export { DbPage as Component };
