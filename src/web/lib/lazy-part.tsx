import { lazy, useEffect, useSyncExternalStore, type ComponentType } from 'react';

/** What a part shows in its place while its code cannot be fetched. */
export type PartUnavailableProps = {
  /** Fetch the part's code again (also done by itself when the browser comes back online). */
  retry: () => void;
};

/**
 * A lazily loaded part of a page that is content, not decoration (Home's clip list, a movie's clip,
 * the movie card). With a plain React.lazy a failed fetch of the part's code (a dropped connection)
 * is kept for good and thrown to the route's error page, which replaced the whole page. Here the
 * part renders `Unavailable` in its own place instead, and fetches its code again on `retry` or
 * once the browser is back online (browsers fetch a module again after a failed dynamic import).
 * The page around it goes on as it was.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Unavailable: ComponentType<P & PartUnavailableProps>,
): ComponentType<P> {
  const listeners = new Set<() => void>();
  let current: ComponentType<P>;

  function retry(): void {
    current = attempt();
    for (const listener of listeners) listener();
  }

  function Failed(props: P) {
    useEffect(() => {
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, []);
    return <Unavailable {...props} retry={retry} />;
  }

  function attempt(): ComponentType<P> {
    return lazy<ComponentType<P>>(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          console.warn('A part of the page could not be loaded', error);
          return { default: Failed };
        },
      ),
    );
  }
  current = attempt();

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
