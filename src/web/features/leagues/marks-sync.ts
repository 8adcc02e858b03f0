import type { PublicBoard } from '../../../shared/boards';
import { ApiError, callApi } from '../../lib/api-client';
import { fetchBoards, refreshBoards } from '../../lib/boards-store';
import { watchedStore } from '../../lib/watched-store';
import { clearQueue, queueChanges, queueEverything, queueStore, setSeenQuietly, watchMarks, type QueuedMark } from './marks-queue';
import { isPlayer, notePlayer, playerStore, type LeagueNote } from './player-note';
import { getMe, putMarks } from './sync-endpoints';

// Sends the queue of seen / unseen (marks-queue.ts) with PUT /api/me/marks and takes the server's
// merged marks back (decision 081). Loaded only while this browser is a player: a fan who plays
// alone never downloads it and never calls the API.

/** `LEAGUE_LIMITS.changesMax` of src/shared/leagues.ts (its module brings zod; the test checks they agree). */
export const CHANGES_PER_REQUEST = 500;
/** Waits before sending again after a failure; the last one repeats. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 15_000, 60_000] as const;

/** Every movie on a published board: the only ids the server takes. */
function publishedIds(boards: readonly PublicBoard[]): Set<string> {
  return new Set(boards.flatMap((board) => board.movies.map((movie) => movie.id)));
}

/**
 * The seen list after the server's answer: the server's marks for every movie of a published board,
 * the device's own for any other id (a board the server does not publish any more, an imported id),
 * then what is still queued on top, so a change made while the request was out is not undone.
 */
export function mergedSeenList(
  local: readonly string[],
  server: readonly string[],
  published: ReadonlySet<string>,
  pending: readonly QueuedMark[],
): string[] {
  const seen = new Set(server.filter((id) => published.has(id)));
  for (const change of pending) {
    if (change.seen) seen.add(change.movieId);
    else seen.delete(change.movieId);
  }
  const kept = local.filter((id) => !published.has(id) || seen.has(id));
  const keptSet = new Set(kept);
  return [...kept, ...[...seen].filter((id) => !keptSet.has(id))];
}

function applyServerMarks(server: readonly string[], published: ReadonlySet<string>): void {
  const local = watchedStore.get();
  const next = mergedSeenList(local, server, published, queueStore.get().changes);
  if (next.length === local.length && next.every((id, index) => id === local[index])) return;
  setSeenQuietly(next, Date.now());
}

type SyncState = {
  running: boolean;
  /** The flush in progress; a change queued meanwhile asks for another round (`again`). */
  flushing: Promise<void> | undefined;
  again: boolean;
  failures: number;
  retry: ReturnType<typeof setTimeout> | undefined;
  stop: (() => void) | undefined;
};

const state: SyncState = { running: false, flushing: undefined, again: false, failures: 0, retry: undefined, stop: undefined };

/** Removes what the server has taken from the queue, unless the movie changed again since. */
function acknowledge(sent: readonly QueuedMark[]): void {
  const taken = new Map(sent.map((change) => [change.movieId, change.at]));
  queueStore.set((queue) => ({ ...queue, changes: queue.changes.filter((change) => taken.get(change.movieId) !== change.at) }));
}

/**
 * One round: sends the queue in requests of at most CHANGES_PER_REQUEST; throws when one fails.
 * Nothing queued, nothing sent — unless `force` (the request that makes this browser a player).
 */
async function sendQueue(force: boolean): Promise<void> {
  let boards = await fetchBoards();
  if (boards.length === 0) throw new Error('The boards are not loaded: which marks the server takes is not known yet.');
  let published = publishedIds(boards);
  queueChanges(Date.now());
  let refreshed = false;
  for (;;) {
    // Ids of no published board stay on this device only: the server would refuse the whole request.
    const queue = queueStore.get();
    const local = queue.changes.filter((change) => !published.has(change.movieId));
    if (local.length > 0) acknowledge(local);
    const batch = queue.changes.filter((change) => published.has(change.movieId)).slice(0, CHANGES_PER_REQUEST);
    if (batch.length === 0 && !force) return;
    force = false;
    let answer: { marks: string[] };
    try {
      answer = await callApi(putMarks, {
        body: { changes: batch.map(({ movieId, seen, at }) => ({ movieId, seen, at: new Date(at).toISOString() })) },
      });
    } catch (error) {
      // A 400 names a movie no board has any more: read the boards again and try once more.
      if (!(error instanceof ApiError) || error.code !== 'validation_failed' || refreshed) throw error;
      refreshed = true;
      await refreshBoards();
      boards = await fetchBoards();
      published = publishedIds(boards);
      continue;
    }
    acknowledge(batch);
    if (!isPlayer()) notePlayer();
    applyServerMarks(answer.marks, published);
    if (!queueStore.get().changes.some((change) => published.has(change.movieId))) return;
  }
}

function scheduleRetry(): void {
  if (state.retry !== undefined || !state.running) return;
  const delay = RETRY_DELAYS_MS[Math.min(state.failures, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
  state.retry = setTimeout(() => {
    state.retry = undefined;
    void syncNow();
  }, delay);
}

/**
 * Sends whatever is queued now (and once more if something was queued meanwhile). Resolves when
 * the queue has gone out or a request failed (then a retry waits, longer after each failure, or
 * the browser's `online` event). Offline, it waits for `online` without trying.
 */
export function syncNow(): Promise<void> {
  if (state.flushing !== undefined) {
    state.again = true;
    return state.flushing;
  }
  if (!navigator.onLine) return Promise.resolve();
  const round = async () => {
    try {
      do {
        state.again = false;
        await sendQueue(false);
      } while (state.again);
      state.failures = 0;
    } catch (error) {
      state.failures += 1;
      console.warn('Marks sync failed; will retry', error);
      scheduleRetry();
    } finally {
      state.flushing = undefined;
    }
  };
  state.flushing = round();
  return state.flushing;
}

/**
 * Reads this browser's player once (a second device then shows the same board): its marks replace
 * the seen list's marks of published boards (with what is queued on top), its leagues the note's.
 * A 404 means the server does not know this browser as a player (forgotten on another device): the
 * note and the queue go, the seen list stays.
 */
export async function pullMe(): Promise<void> {
  try {
    const me = await callApi(getMe);
    notePlayer(me.leagues);
    const boards = await fetchBoards();
    if (boards.length === 0) return;
    // Changes not queued yet (a first sync: every mark) are queued before the server's marks arrive: none is lost.
    queueChanges(Date.now());
    applyServerMarks(me.marks, publishedIds(boards));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      forgetPlayerHere();
      return;
    }
    console.warn('Could not read this browser’s player', error);
  }
}

/** This browser is no player any more: the note and the queue go, the seen marks stay. */
export function forgetPlayerHere(): void {
  stopMarksSync();
  playerStore.set(null);
  clearQueue();
}

/**
 * Starts syncing (once; again after stopMarksSync): reads the player, then sends the queue, and
 * again after each change and each time the browser comes back online.
 */
export function startMarksSync(): void {
  if (state.running || !isPlayer()) return;
  state.running = true;
  const online = () => void syncNow();
  window.addEventListener('online', online);
  const unwatch = watchMarks(online);
  state.stop = () => {
    window.removeEventListener('online', online);
    unwatch();
  };
  void pullMe().then(() => (isPlayer() ? syncNow() : undefined));
}

/** Stops syncing (Forget me, tests); what is queued stays queued. */
export function stopMarksSync(): void {
  state.stop?.();
  if (state.retry !== undefined) clearTimeout(state.retry);
  Object.assign(state, { running: false, again: false, failures: 0, retry: undefined, stop: undefined });
}

/**
 * Makes this browser a player by sending its marks (all of them, as a first sync; an empty request
 * when it has none): "Use on another device" for a fan in no league. Throws when it fails.
 */
export async function becomePlayerBySync(): Promise<void> {
  await state.flushing;
  await sendQueue(true);
  notePlayer();
  startMarksSync();
}

/**
 * After a device link bound this browser to another player: the marks this browser has are
 * uploaded to it as on a first sync, and the answer (the player's marks, merged) is taken. A failed
 * upload stays queued and is sent again like any other change.
 */
export async function mergeIntoLinkedPlayer(leagues: readonly LeagueNote[]): Promise<void> {
  queueEverything();
  notePlayer(leagues);
  await state.flushing;
  try {
    await sendQueue(true);
  } catch (error) {
    console.warn('The marks of this browser are not uploaded yet; will retry', error);
  }
  if (state.running) void syncNow();
  else startMarksSync();
}
