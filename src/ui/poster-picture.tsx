import type { Poster } from '../shared/boards';
import { POSTER_HEIGHT, POSTER_SIZES, POSTER_WIDTH } from '../shared/poster-sizes';

// Stryker disable next-line StringLiteral: style classes, not logic; the DB first-paint browser stories check that the shell's posters and the app's lay out alike
export const POSTER_IMAGE_CLASSES = 'block aspect-[2/3] h-auto w-full bg-slate-200 object-cover dark:bg-slate-800';

type PosterPictureProps = {
  src: string;
  /** Renditions, best format first; none: the plain `src` alone. */
  sources: Poster['sources'];
  /** Text alternative; inside a button it names the button. */
  alt: string;
  /** Load right away (first rows on screen) instead of lazily. */
  eager?: boolean;
  sizes?: string;
  className?: string;
  /** When the chosen rendition cannot load (web/features/movies/movie-poster.tsx falls back to `src`). */
  onError?: () => void;
};

/** A movie's poster: its renditions as `<picture>` sources, its intrinsic size reserving its box before it loads. */
export function PosterPicture({
  src,
  sources,
  alt,
  eager = false,
  sizes = POSTER_SIZES.board,
  className = '',
  onError,
}: PosterPictureProps) {
  const image = (
    <img
      onError={onError}
      src={src}
      alt={alt}
      width={POSTER_WIDTH}
      height={POSTER_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      className={className === '' ? POSTER_IMAGE_CLASSES : `${POSTER_IMAGE_CLASSES} ${className}`}
    />
  );
  // Always in a <picture>, renditions or not: one layout either way, and react-dom/server adds no
  // preload link of its own for a picture's image (the server preloads the first poster itself).
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
