import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * The movie modal (movies feature) shows a movie's clip, which belongs to the clips feature.
 * Features don't import each other, so the app shell provides the clip component here and the
 * movie modal renders whatever it is given in place of the poster.
 */
export type MovieClipProps = {
  /** The movie's name: clips are found by title. */
  movieName: string;
  /** The poster element, shown when there is no clip or the clip is not playing. */
  poster: ReactNode;
};

export const MovieClipSlotContext = createContext<ComponentType<MovieClipProps> | null>(null);

export function MovieClipSlot({ movieName, poster }: MovieClipProps) {
  const Clip = useContext(MovieClipSlotContext);
  if (Clip === null) return <>{poster}</>;
  return <Clip movieName={movieName} poster={poster} />;
}
