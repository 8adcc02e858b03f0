import { lazy, useSyncExternalStore, type ComponentType } from 'react';

/** The pauses before the fetch that follows an `online` event is tried again (see `lazyPart`). */
export const ONLINE_RETRY_PAUSES_MS: readonly number[] = [250, 750, 2_000];

/** What a part shows in its place while its code cannot be fetched. */
export type PartUnavailableProps = {
  /** Fetch the part's code again (also done by itself when the browser comes back online). */
  retry: () => void;
  /**
   * Whether the browser is online, as the part sees it: to say "needs a connection" rather than an
   * error. It turns true together with the part's next try, so the error never shows as `online`
   * comes (a stand-in's own `useOnline` re-rendered it a moment before the try began).
   */
  online: boolean;
};

/**
 * A lazily loaded part of a page that is content, not decoration (Home's clip list, a movie's clip,
 * the movie card). With a plain React.lazy a failed fetch of the part's code (a dropped connection)
 * is kept for good and thrown to the route's error page, which replaced the whole page. Here the
 * part renders `Unavailable` in its own place instead, and fetches its code again on `retry` or
 * once the browser is back online (browsers fetch a module again after a failed dynamic import).
 * The page around it goes on as it was.
 *
 * The `online` event comes as the link comes up, a moment before the connection carries every
 * request (Chromium raises it before its network stack follows): a fetch made at once may still be
 * dropped. So the fetch that follows `online` is tried again after short pauses, the part waiting
 * (as on its first load) rather than standing in for a moment with a red error.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Unavailable: ComponentType<P & PartUnavailableProps>,
): ComponentType<P> {
  const listeners = new Set<() => void>();
  let current: ComponentType<P>;

  function reload(pausesBeforeRetries: readonly number[]): void {
    current = attempt(pausesBeforeRetries);
    for (const listener of listeners) listener();
  }
  const retry = () => reload([]);
  /** The attempt that ended with the stand-in: the one an `online` event tries again. */
  let standingIn: ComponentType<P> | undefined;

  /**
   * The stand-in's view of the connection. Its `online` listener starts the next try before it
   * tells the stand-in: React renders both changes at once, the part waiting, never the error.
   */
  const subscribeToConnection = (listener: () => void) => {
    const online = () => {
      if (current === standingIn) reload(ONLINE_RETRY_PAUSES_MS);
      listener();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', listener);
    };
  };

  function Failed(props: P) {
    const online = useSyncExternalStore(
      subscribeToConnection,
      () => navigator.onLine,
      () => true,
    );
    return <Unavailable {...props} retry={retry} online={online} />;
  }

  function attempt(pausesBeforeRetries: readonly number[]): ComponentType<P> {
    const part = lazy<ComponentType<P>>(async () => {
      for (let tries = 0; ; tries += 1) {
        try {
          return { default: await load() };
        } catch (error) {
          const pause = pausesBeforeRetries[tries];
          if (pause === undefined || !navigator.onLine) {
            console.warn('A part of the page could not be loaded', error);
            standingIn = part;
            return { default: Failed };
          }
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
      }
    });
    return part;
  }
  current = attempt([]);

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return function Part(props: P) {
    const Component = useSyncExternalStore(
      subscribe,
      () => current,
      () => current,
    );
    return <Component {...props} />;
  };
}
