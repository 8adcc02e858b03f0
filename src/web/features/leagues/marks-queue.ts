import { array, boolean, number, object, string } from '../../lib/first-load-schemas';
import { createLocalStore } from '../../lib/local-store';
import { WATCHED_KEY, watchedStore } from '../../lib/watched-store';
import { isPlayer } from './player-note';

// The seen marks this browser has changed and the server has not heard of yet (decision 081).
// `watchedMovies` stays the source on the device; while the browser is a player, every seen or
// unseen is queued here as { movieId, seen, at }, one entry per movie (the latest), in
// localStorage, so a reload or a day offline loses nothing. marks-sync.ts (a lazy chunk) sends
// the queue. This part runs in every tab from the first load: it is small, and a change made
// before the sync's code arrived must be queued all the same.

export const QUEUE_KEY = 'mingoMarksQueue';

export type QueuedMark = { movieId: string; seen: boolean; at: number };

export type MarksQueue = {
  /** Whether every mark the browser had when it became a player has been queued (the first sync). */
  uploaded: boolean;
  changes: QueuedMark[];
};

const EMPTY: MarksQueue = { uploaded: false, changes: [] };

export const queueStore = createLocalStore<MarksQueue>(
  QUEUE_KEY,
  object({ uploaded: boolean(), changes: array(object({ movieId: string({ minLength: 1 }), seen: boolean(), at: number() })) }),
  EMPTY,
);

/** `changes` after `next`: one entry per movie, the latest `at` winning (a tie goes to the newer call). */
export function compact(changes: readonly QueuedMark[], next: readonly QueuedMark[]): QueuedMark[] {
  const byMovie = new Map(changes.map((change) => [change.movieId, change]));
  for (const change of next) {
    const kept = byMovie.get(change.movieId);
    if (kept === undefined || change.at >= kept.at) byMovie.set(change.movieId, change);
  }
  return [...byMovie.values()];
}

/** What turned seen and unseen between two seen lists. */
export function marksBetween(before: readonly string[], after: readonly string[], at: number): QueuedMark[] {
  const was = new Set(before);
  const is = new Set(after);
  return [
    ...after.filter((id) => !was.has(id)).map((movieId) => ({ movieId, seen: true, at })),
    ...before.filter((id) => !is.has(id)).map((movieId) => ({ movieId, seen: false, at })),
  ];
}

export function queueMarks(changes: readonly QueuedMark[]): void {
  if (changes.length === 0) return;
  queueStore.set((queue) => ({ ...queue, changes: compact(queue.changes, changes) }));
}

/** Forgets the queue (Forget me, or the server no longer knows this player); the seen list stays. */
export function clearQueue(): void {
  queueStore.set(EMPTY);
}

let snapshot: readonly string[] = [];
const changeListeners = new Set<() => void>();

/** Sets the seen list without queueing it (the server's merged marks): they are no change of this device's. */
export function setSeenQuietly(ids: readonly string[]): void {
  snapshot = ids;
  watchedStore.set([...ids]);
}

/** Called after each change the queue takes from this tab (the sync sends it). */
export function onQueued(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * Queues this tab's seen / unseen while the browser is a player; returns the unsubscribe. A change
 * made in another tab is that tab's to queue: its `storage` event, heard here first (listeners run
 * in the order they were added), only moves the snapshot on.
 */
export function watchMarks(now: () => number = Date.now): () => void {
  snapshot = watchedStore.get();
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === WATCHED_KEY || event.key === null) snapshot = watchedStore.get();
  };
  window.addEventListener('storage', fromOtherTab);
  const unsubscribe = watchedStore.subscribe(() => {
    const current = watchedStore.get();
    const changes = isPlayer() ? marksBetween(snapshot, current, now()) : [];
    snapshot = current;
    if (changes.length === 0) return;
    queueMarks(changes);
    for (const listener of changeListeners) listener();
  });
  return () => {
    window.removeEventListener('storage', fromOtherTab);
    unsubscribe();
  };
}
