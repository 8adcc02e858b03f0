import { lazy, type ComponentProps } from 'react';

/**
 * The movie card, fetched when a poster is first opened: off the first load of the pages that
 * show posters (Home's budget is 120 KiB; the DB paints its posters sooner without it). Its clip
 * slot reads the API, so the query library comes along (see lib/query-provider.tsx). Render it
 * inside <Suspense>.
 */
export const LazyMovieModal = lazy(async () => {
  const [{ MovieModal: Card }, { QueryProvider }] = await Promise.all([import('./movie-modal'), import('../../lib/query-provider')]);
  return {
    default: (props: ComponentProps<typeof Card>) => (
      <QueryProvider>
        <Card {...props} />
      </QueryProvider>
    ),
  };
});
