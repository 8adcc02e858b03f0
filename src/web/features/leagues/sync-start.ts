import { isPlayer, playerStore } from './player-note';

// What every first load carries of the marks sync: a look at the player note. Only a player
// downloads the sync (marks-sync.ts), once the page has loaded (its first paint and its own code
// come first) or as soon as this tab becomes a player; a change made before its code arrived is
// queued when it starts (marks-queue.ts `base`). A fan who plays alone downloads nothing more and
// calls no API.

function startSync(): void {
  if (!isPlayer()) return;
  // Starting a running sync does nothing. A failed fetch (offline) is tried again on `online`.
  import('./marks-sync').then(
    ({ startMarksSync }) => startMarksSync(),
    (error: unknown) => console.warn('Marks sync not loaded', error),
  );
}

/** Called once when the app starts. */
export function startMarksSyncForPlayers(): void {
  playerStore.subscribe(startSync);
  window.addEventListener('online', startSync);
  if (!isPlayer()) return;
  if (document.readyState === 'complete') startSync();
  else window.addEventListener('load', startSync, { once: true });
}
