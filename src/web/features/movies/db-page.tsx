import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import type { Movie } from '../../../shared/content';
import { dbFilms, dbRows, FIRST_RENDER_ROWS, matchesTitle, resultText } from '../../../shared/db-page';
import { DbPageView } from '../../../ui/db-page-view';
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
    <>
      <DbPageView
        filmCount={films.length}
        seenCount={countSeen(films, seenIds)}
        transfer={<SeenListTransfer movies={films} />}
        search={{ value: query, onChange: setQuery }}
        status={isPending ? 'Loading movies…' : resultText(matches.length, deferredQuery)}
        rows={rows.slice(0, rowsShown)}
        poster={(movie, eager) => <MoviePoster movie={movie} alt={movie.name} sizes={POSTER_SIZES.row} eager={eager} />}
        onOpen={setOpenMovie}
        seenIds={seenIds}
      />
      {openMovie !== null && (
        <LazyMovieModal
          movie={openMovie}
          onClose={() => setOpenMovie(null)}
          seen={seenIds.has(openMovie.id)}
          onToggleSeen={(movie) => toggleWatched(movie.id)}
        />
      )}
    </>
  );
}

function countSeen(films: Movie[], seenIds: ReadonlySet<string>): number {
  return films.filter((movie) => seenIds.has(movie.id)).length;
}

export const prefetch: PagePrefetch = fetchBoards;
export const loader = loaderOf(prefetch);
export { DbPage as Component };
