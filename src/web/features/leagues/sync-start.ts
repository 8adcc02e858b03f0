import { afterPageSettles } from '../../lib/after-page-settles';
import { onQueued, watchMarks } from './marks-queue';
import { isPlayer, playerStore } from './player-note';

// What every first load carries of the marks sync: the watch that queues a player's seen / unseen
// (marks-queue.ts), and the start of the sync's own code (marks-sync.ts) — only for a player, and
// after the page has settled unless there is something to send before that. A fan who plays
// alone downloads nothing more and calls no API.

function startSync(): void {
  if (!isPlayer()) return;
  // The module is fetched once; starting a running sync does nothing. A failed fetch (offline)
  // leaves every change queued for the next try (`online`, the next change).
  import('./marks-sync').then(
    ({ startMarksSync }) => startMarksSync(),
    (error: unknown) => console.warn('Marks sync not loaded', error),
  );
}

/** Called once when the app starts. */
export function startMarksSyncForPlayers(): void {
  watchMarks();
  onQueued(startSync);
  playerStore.subscribe(startSync);
  window.addEventListener('online', startSync);
  if (isPlayer()) afterPageSettles(startSync);
}
