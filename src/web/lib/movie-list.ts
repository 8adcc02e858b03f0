import { useSyncExternalStore } from 'react';
import type { Movie } from '../../shared/content';
import { MovieListSchema } from './first-load-schemas';
import { loadStaticJson } from './static-json';

export const MOVIE_LIST_URL = '/data/movielist.json';

let pending: Promise<Movie[]> | undefined;

async function load(): Promise<Movie[]> {
  const movies = await loadStaticJson(MOVIE_LIST_URL, MovieListSchema, 'Could not load the movie list');
  // Forget a failure so a later call (e.g. after a reconnect) can try again.
  if (movies === null) pending = undefined;
  return movies ?? [];
}

/**
 * The static movie list, fetched once per page load and replayed to every caller.
 * A failed or invalid fetch is logged and yields an empty list; it never throws.
 */
export function fetchMovieList(): Promise<Movie[]> {
  pending ??= load();
  return pending;
}

// A tiny store instead of a query hook: Home reads the list on its first load, and a query
// library's hook code costs ~8 KiB gzip there (issue 13's first-load budget).
let loaded: Movie[] | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (loaded === undefined) {
    void fetchMovieList().then((movies) => {
      loaded = movies;
      for (const notify of listeners) notify();
    });
  }
  return () => listeners.delete(listener);
}

/** The shared movie list for components: `movies` is empty while loading and after a failure. */
export function useMovieList(): { movies: Movie[]; isPending: boolean } {
  const movies = useSyncExternalStore(subscribe, () => loaded);
  return { movies: movies ?? EMPTY, isPending: movies === undefined };
}

const EMPTY: Movie[] = [];
