/**
 * How wide a poster shows, for the browser to pick a rendition from `srcset`: a board square is a
 * fifth of a board at most ~40rem wide (less the row numbers and gaps); the movie card's poster is
 * at most 13rem (11rem on a phone); a MINGO DB row's 9rem (7rem on a phone). The server's preload
 * of the DB page's first poster names the same `row` sizes, so the browser fetches the rendition
 * the page will show (server/pages/page-routes.ts).
 */
export const POSTER_SIZES = {
  board: '(min-width: 48rem) 7.5rem, 18vw',
  card: '(min-width: 40rem) 13rem, 11rem',
  row: '(min-width: 40rem) 9rem, 7rem',
} as const;

/** Posters are 2:3; the size attributes reserve their box before they load (no layout shift). */
export const POSTER_WIDTH = 200;
export const POSTER_HEIGHT = 300;
