import { useState } from 'react';
import type { Poster } from '../../../shared/boards';
import type { Movie } from '../../../shared/content';
import { POSTER_SIZES } from '../../../shared/poster-sizes';
import { PosterPicture } from '../../../ui/poster-picture';

type MoviePosterProps = {
  /** A published board's movie carries its poster renditions; a bare Movie shows its imageURL. */
  movie: Movie & { poster?: Poster };
  /** Text alternative; inside a button it names the button. */
  alt: string;
  /** Load right away (first rows on screen) instead of lazily. */
  eager?: boolean;
  sizes?: string;
  className?: string;
};

/**
 * A movie's poster (ui/poster-picture.tsx). When the chosen rendition cannot load (offline, and
 * that size was never cached), it falls back to the plain `src` — for the demo posters the
 * precached SVG — rather than a broken image.
 */
export function MoviePoster({ movie, alt, eager = false, sizes = POSTER_SIZES.board, className = '' }: MoviePosterProps) {
  const [sourcesFailed, setSourcesFailed] = useState(false);
  const sources = sourcesFailed ? [] : (movie.poster?.sources ?? []);
  return (
    <PosterPicture
      src={movie.poster?.src ?? movie.imageURL}
      sources={sources}
      alt={alt}
      eager={eager}
      sizes={sizes}
      className={className}
      onError={sources.length === 0 ? undefined : () => setSourcesFailed(true)}
    />
  );
}
