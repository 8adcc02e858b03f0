import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The movie card, fetched when a poster is first opened: off the first load of the pages that
 * show posters (Home's budget is 120 KiB; the DB paints its posters sooner without it). Its clip
 * slot reads the API, so the query library comes along (see lib/query-provider.tsx).
 */
const MovieCard = lazy(async () => {
  const [{ MovieModal: Card }, { QueryProvider }] = await Promise.all([import('./movie-modal'), import('../../lib/query-provider')]);
  return {
    default: (props: ComponentProps<typeof Card>) => (
      <QueryProvider>
        <Card {...props} />
      </QueryProvider>
    ),
  };
});

/** The movie card; nothing shows while its code loads (a moment, on the first open only). */
export function LazyMovieModal(props: ComponentProps<typeof MovieCard>) {
  return (
    <Suspense fallback={null}>
      <MovieCard {...props} />
    </Suspense>
  );
}
