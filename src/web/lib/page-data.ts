import type { LoaderFunctionArgs } from 'react-router';

/**
 * What a page needs before its first paint, started from its URL. Never throws: a failure shows
 * on the page itself. A page module exports it as `prefetch`, so the app can start it at boot,
 * alongside the page's code, before the router exists (see app/router.tsx `startFirstPage`).
 */
export type PagePrefetch = (url: URL) => Promise<unknown>;

/** The longest a page's first paint waits for its data; after it, the page shows its loading state. */
export const PAGE_DATA_WAIT_MS = 3000;

/** The prefetch of the page the visitor opened, started at boot (see `startPrefetch`). */
let atBoot: { prefetch: PagePrefetch; href: string; done: Promise<unknown> } | undefined;
/** Once a loader has run, the router fetches for itself and a late boot prefetch is not started. */
let routerStarted = false;

/**
 * Starts the opened page's prefetch at boot. Its route loader then waits for this very attempt
 * instead of starting another: a first load that failed stays failed (the page offers Retry)
 * rather than being fetched again depending on which finished first.
 */
export function startPrefetch(prefetch: PagePrefetch, url: URL): void {
  if (routerStarted) return;
  atBoot = { prefetch, href: url.href, done: prefetch(url) };
}

/**
 * The route loader of a page with a prefetch: the page renders once its data is in (so nothing
 * arrives later and pushes the layout around), or after PAGE_DATA_WAIT_MS.
 */
export function loaderOf(prefetch: PagePrefetch) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    routerStarted = true;
    const url = new URL(request.url);
    const started = atBoot?.prefetch === prefetch && atBoot.href === url.href ? atBoot.done : undefined;
    atBoot = undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PAGE_DATA_WAIT_MS);
    });
    await Promise.race([started ?? prefetch(url), waited]);
    clearTimeout(timer);
    return null;
  };
}
