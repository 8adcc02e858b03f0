import { Suspense } from 'react';
import type { MovieClipProps } from '../../components/movie-clip-slot';
import { lazyPart } from '../../lib/lazy-part';
import { MovieClipUnavailable } from './clip-notes';

const MovieClip = lazyPart(() => import('./movie-clip').then((module) => module.MovieClip), MovieClipUnavailable);

/** The movie modal's clip, loaded on first use so the player stays out of the first page load. */
export function LazyMovieClip(props: MovieClipProps) {
  return (
    <Suspense fallback={props.poster}>
      <MovieClip {...props} />
    </Suspense>
  );
}
