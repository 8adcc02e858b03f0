import { createContext, useContext, type ReactNode } from 'react';

/**
 * The movie modal (movies feature) shows a movie's clip, which belongs to the clips feature.
 * Features don't import each other, so the app shell provides a render function here, e.g.
 * `<MovieClipSlotContext value={(props) => <MovieClip {...props} />}>`, and the movie modal
 * renders `<MovieClipSlot …/>` in place of the poster.
 */
export type MovieClipProps = {
  /** The movie's name: clips are found by title. */
  movieName: string;
  /** The poster element, shown when there is no clip or the clip is not playing. */
  poster: ReactNode;
};

export type RenderMovieClip = (props: MovieClipProps) => ReactNode;

export const MovieClipSlotContext = createContext<RenderMovieClip | null>(null);

export function MovieClipSlot(props: MovieClipProps) {
  const renderClip = useContext(MovieClipSlotContext);
  return <>{renderClip === null ? props.poster : renderClip(props)}</>;
}
