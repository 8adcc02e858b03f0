import { lazy, Suspense } from 'react';
import type { MovieClipProps } from '../../components/movie-clip-slot';

const MovieClip = lazy(() => import('./movie-clip').then((module) => ({ default: module.MovieClip })));

/** The movie modal's clip, loaded on first use so the player stays out of the first page load. */
export function LazyMovieClip(props: MovieClipProps) {
  return (
    <Suspense fallback={props.poster}>
      <MovieClip {...props} />
    </Suspense>
  );
}
