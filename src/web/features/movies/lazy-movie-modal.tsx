import { Suspense, useEffect, type ComponentProps } from 'react';
import { showToast } from '../../components/toast';
import { lazyPart, type PartUnavailableProps } from '../../lib/lazy-part';
import type { MovieModal } from './movie-modal';

type MovieCardProps = ComponentProps<typeof MovieModal>;

export const MOVIE_CARD_NEEDS_A_CONNECTION = 'The movie card needs a connection.';
export const MOVIE_CARD_NOT_LOADED = 'The movie card could not be loaded. Please try again.';

/**
 * Opened while the card's code cannot be fetched: says so in a toast, closes (the board stays as it
 * was) and fetches the code again, so the next open can succeed. One fetch per open, never a loop.
 */
function MovieCardUnavailable({ movie, onClose, retry }: MovieCardProps & PartUnavailableProps) {
  const open = movie !== null;
  useEffect(() => {
    if (!open) return;
    showToast(navigator.onLine ? MOVIE_CARD_NOT_LOADED : MOVIE_CARD_NEEDS_A_CONNECTION, 'error');
    onClose();
    retry();
  }, [open, onClose, retry]);
  return null;
}

/**
 * The movie card, fetched when a poster is first opened: off the first load of the pages that
 * show posters (Home's budget is 120 KiB; the DB paints its posters sooner without it). Its clip
 * slot reads the API, so the query library comes along (see lib/query-provider.tsx).
 */
const MovieCard = lazyPart(async () => {
  const [{ MovieModal: Card }, { QueryProvider }] = await Promise.all([import('./movie-modal'), import('../../lib/query-provider')]);
  return (props: MovieCardProps) => (
    <QueryProvider>
      <Card {...props} />
    </QueryProvider>
  );
}, MovieCardUnavailable);

/** The movie card; nothing shows while its code loads (a moment, on the first open only). */
export function LazyMovieModal(props: MovieCardProps) {
  return (
    <Suspense fallback={null}>
      <MovieCard {...props} />
    </Suspense>
  );
}
