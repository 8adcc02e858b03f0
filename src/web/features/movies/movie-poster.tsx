import type { Movie } from '../../../shared/content';

/** Posters are 200×300 SVGs; the size attributes reserve their box before they load (no layout shift). */
export const POSTER_WIDTH = 200;
export const POSTER_HEIGHT = 300;

type MoviePosterProps = {
  movie: Movie;
  /** Text alternative; inside a button it names the button. */
  alt: string;
  /** Load right away (first rows on screen) instead of lazily. */
  eager?: boolean;
  className?: string;
};

export function MoviePoster({ movie, alt, eager = false, className = '' }: MoviePosterProps) {
  return (
    <img
      src={movie.imageURL}
      alt={alt}
      width={POSTER_WIDTH}
      height={POSTER_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      className={`block aspect-[2/3] h-auto w-full bg-slate-200 object-cover dark:bg-slate-800 ${className}`}
    />
  );
}
