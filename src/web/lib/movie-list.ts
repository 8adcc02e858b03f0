import { queryOptions, useQuery } from '@tanstack/react-query';
import { MovieListSchema, type Movie } from '../../shared/content';

export const MOVIE_LIST_URL = '/data/movielist.json';

let pending: Promise<Movie[]> | undefined;

async function load(): Promise<Movie[]> {
  try {
    const response = await fetch(MOVIE_LIST_URL, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return MovieListSchema.parse(await response.json());
  } catch (error) {
    console.error('Could not load the movie list', error);
    // Forget the failure so a later call (e.g. after a reconnect) can try again.
    pending = undefined;
    return [];
  }
}

/**
 * The static movie list, fetched once per page load and replayed to every caller.
 * A failed or invalid fetch is logged and yields an empty list; it never throws.
 */
export function fetchMovieList(): Promise<Movie[]> {
  pending ??= load();
  return pending;
}

export const movieListQuery = queryOptions({
  queryKey: ['movie-list'],
  queryFn: fetchMovieList,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** The shared movie list for components: `movies` is empty while loading and after a failure. */
export function useMovieList(): { movies: Movie[]; isPending: boolean } {
  const query = useQuery(movieListQuery);
  return { movies: query.data ?? EMPTY, isPending: query.isPending };
}

const EMPTY: Movie[] = [];
