/** How often a tab left open asks whether a new deployment is out. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** The least time between two asks (a tab switched back and forth asks once). */
export const UPDATE_CHECK_MIN_GAP_MS = 60 * 1000;

/**
 * Runs `check` (the service worker registration's update) when the tab becomes visible again and
 * every hour while it is open: the browser checks for a new worker only on navigations, so a tab
 * kept open for days would otherwise never offer the new version. Offline, nothing is asked.
 * Returns a function that stops the checks.
 */
export function scheduleUpdateChecks(check: () => Promise<unknown>): () => void {
  let last = Number.NEGATIVE_INFINITY;
  const run = () => {
    if (!navigator.onLine || Date.now() - last < UPDATE_CHECK_MIN_GAP_MS) return;
    last = Date.now();
    check().catch((error: unknown) => console.warn('Could not check for a new version', error));
  };
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') run();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  const timer = window.setInterval(run, UPDATE_CHECK_INTERVAL_MS);
  return () => {
    document.removeEventListener('visibilitychange', onVisibilityChange);
    window.clearInterval(timer);
  };
}
