import { useState } from 'react';
import type { Poster } from '../../../shared/boards';
import type { Movie } from '../../../shared/content';
import { POSTER_HEIGHT, POSTER_IMAGE_CLASSES, POSTER_SIZES, POSTER_WIDTH } from '../../../shared/poster-sizes';

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
 * A movie's poster: its renditions as `<picture>` sources. When the chosen rendition cannot load
 * (offline, and that size was never cached), it falls back to the plain `src` — for the demo
 * posters the precached SVG — rather than a broken image.
 */
export function MoviePoster({ movie, alt, eager = false, sizes = POSTER_SIZES.board, className = '' }: MoviePosterProps) {
  const [sourcesFailed, setSourcesFailed] = useState(false);
  const sources = sourcesFailed ? [] : (movie.poster?.sources ?? []);
  const image = (
    <img
      onError={sources.length === 0 ? undefined : () => setSourcesFailed(true)}
      src={movie.poster?.src ?? movie.imageURL}
      alt={alt}
      width={POSTER_WIDTH}
      height={POSTER_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      className={`${POSTER_IMAGE_CLASSES} ${className}`}
    />
  );
  if (sources.length === 0) return image;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
