import type { LoaderFunctionArgs } from 'react-router';

/**
 * What a page needs before its first paint, started from its URL. Never throws: a failure shows
 * on the page itself. A page module exports it as `prefetch`, so the app can start it at boot,
 * alongside the page's code, before the router exists (see app/router.tsx `startFirstPage`).
 */
export type PagePrefetch = (url: URL) => Promise<unknown>;

/** The longest a page's first paint waits for its data; after it, the page shows its loading state. */
export const PAGE_DATA_WAIT_MS = 3000;

/**
 * The route loader of a page with a prefetch: the page renders once its data is in (so nothing
 * arrives later and pushes the layout around), or after PAGE_DATA_WAIT_MS.
 */
export function loaderOf(prefetch: PagePrefetch) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PAGE_DATA_WAIT_MS);
    });
    await Promise.race([prefetch(new URL(request.url)), waited]);
    clearTimeout(timer);
    return null;
  };
}
