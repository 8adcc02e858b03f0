/**
 * Runs `attempt` now and, each time it fails, again when the browser is next back online, until
 * it succeeds: the service worker's registration, for a visitor whose connection dropped while
 * the page was loading, who then gets the offline app and the update prompt without a reload.
 * `onFailure` hears each failure.
 */
export function retryWhenOnline(attempt: () => Promise<unknown>, onFailure: (error: unknown) => void): void {
  const run = () => {
    attempt().catch((error: unknown) => {
      onFailure(error);
      window.addEventListener('online', run, { once: true });
    });
  };
  run();
}
