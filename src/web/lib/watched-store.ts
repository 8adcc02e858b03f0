import { useMemo } from 'react';
import { array, string } from './first-load-schemas';
import { createLocalStore } from './local-store';

/** The spec's storage key: a JSON array of the ids of the movies the visitor has seen. */
export const WATCHED_KEY = 'watchedMovies';

export const watchedStore = createLocalStore<string[]>(WATCHED_KEY, array(string()), []);

/** The seen movie ids as a Set, stable between renders while the stored list is unchanged. */
export function useWatchedIds(): ReadonlySet<string> {
  const ids = watchedStore.use();
  return useMemo(() => new Set(ids), [ids]);
}

/** Adds or removes one id; returns the list before and after the change. */
export function toggleWatched(id: string): { before: string[]; after: string[] } {
  const before = watchedStore.get();
  const after = before.includes(id) ? before.filter((other) => other !== id) : [...before, id];
  watchedStore.set(after);
  return { before, after };
}
