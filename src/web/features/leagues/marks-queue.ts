import { array, boolean, number, object, string } from '../../lib/first-load-schemas';
import { createLocalStore } from '../../lib/local-store';
import { watchedStore } from '../../lib/watched-store';
import { isPlayer } from './player-note';

// The seen marks this browser has changed and the server has not heard of yet (decision 081).
// `watchedMovies` stays the source on the device; while the browser is a player, every seen or
// unseen is queued here as { movieId, seen, at }, one entry per movie (the latest), in
// localStorage, so a reload or a day offline loses nothing. `base` is the seen list as last
// queued: whatever differs from it is a change not queued yet — made before the sync's code had
// loaded, or before this browser was a player (base [] then: the first sync queues every mark).

export const QUEUE_KEY = 'mingoMarksQueue';

export type QueuedMark = { movieId: string; seen: boolean; at: number };

export type MarksQueue = { base: string[]; changes: QueuedMark[] };

const EMPTY: MarksQueue = { base: [], changes: [] };

export const queueStore = createLocalStore<MarksQueue>(
  QUEUE_KEY,
  object({ base: array(string()), changes: array(object({ movieId: string({ minLength: 1 }), seen: boolean(), at: number() })) }),
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

/** Queues what the seen list changed since it was last queued (at `now`); true when there was something. */
export function queueChanges(now: number): boolean {
  const current = watchedStore.get();
  const queue = queueStore.get();
  const changes = marksBetween(queue.base, current, now);
  if (changes.length === 0) return false;
  queueStore.set({ base: [...current], changes: compact(queue.changes, changes) });
  return true;
}

/** Forgets the queue (Forget me, or the server no longer knows this player); the seen list stays. */
export function clearQueue(): void {
  queueStore.set(EMPTY);
}

/** Queues the whole seen list again as seen now (the first sync with another player: a device link). */
export function queueEverything(): void {
  queueStore.set((queue) => ({ ...queue, base: [] }));
}

/** Sets the seen list to the server's merged marks without queueing them: they are no change of this device's. */
export function setSeenQuietly(ids: readonly string[], now: number): void {
  queueChanges(now);
  queueStore.set((queue) => ({ ...queue, base: [...ids] }));
  watchedStore.set([...ids]);
}

/**
 * Queues this tab's seen / unseen as they happen while the browser is a player, and calls
 * `onQueued` after each; returns the unsubscribe. A change made in another tab is queued there
 * (that tab moved `base` on), so it is nothing new here.
 */
export function watchMarks(onQueued: () => void, now: () => number = Date.now): () => void {
  return watchedStore.subscribe(() => {
    if (isPlayer() && queueChanges(now())) onQueued();
  });
}
