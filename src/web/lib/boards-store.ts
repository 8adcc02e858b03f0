import { useSyncExternalStore } from 'react';
import type { BoardMovie, PublicBoard } from '../../shared/boards';
import { BOARDS_PATH, PublicBoardListSchema } from './first-load-schemas';
import { loadStaticJson } from './static-json';

// The published boards (decision 150), read from GET /api/boards once per page load and shared by
// every page that shows them: Home's tabs, the shared-board view, /db, About and the clip upload's
// title suggestions. Drafts never arrive here (the server leaves them out), so "which years
// exist" is simply what this list holds. A tiny store instead of a query hook: Home reads it on
// its first load, and a query library's hook code costs ~8 KiB gzip there (issue 13's budget).

let pending: Promise<PublicBoard[]> | undefined;

/** The service worker's runtime cache of the boards endpoint (pwa.config.ts). */
export const BOARDS_CACHE = 'mingo-boards';

/**
 * A page the service worker does not control yet (a first visit: it does not claim open pages)
 * fetches the boards around it, so nothing would be kept for offline use; the page then keeps the
 * answer itself where the worker looks for it (network first, this cache when offline).
 */
export function keepBoardsForOffline(response: Response): void {
  if (typeof caches === 'undefined' || !('serviceWorker' in navigator) || navigator.serviceWorker.controller !== null) return;
  void caches
    .open(BOARDS_CACHE)
    .then((cache) => cache.put(BOARDS_PATH, response))
    .catch(() => undefined); // storage refused or full: the next, controlled visit keeps them
}

let loaded: PublicBoard[] | undefined;

async function load(): Promise<PublicBoard[]> {
  const list = await loadStaticJson(BOARDS_PATH, PublicBoardListSchema, 'Could not load the movie list', keepBoardsForOffline);
  // Forget a failure so a later call (e.g. after a reconnect) can try again.
  if (list === null) pending = undefined;
  const boards = [...(list?.items ?? [])].sort((a, b) => b.year - a.year);
  // The first answer is what a page renders with at once: a route loader awaits it, and the
  // page's first render must already read it, not a moment later (About's intro changed its
  // text after the first paint: a layout shift).
  if (list !== null) loaded ??= boards;
  return boards;
}

/**
 * The published boards, newest year first, fetched once per page load and replayed to every
 * caller. A failed or invalid fetch is logged and yields no boards; it never throws.
 */
export function fetchBoards(): Promise<PublicBoard[]> {
  pending ??= load();
  return pending;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (loaded === undefined) {
    void fetchBoards().then((boards) => {
      loaded = boards;
      for (const notify of listeners) notify();
    });
  }
  return () => listeners.delete(listener);
}

const NO_BOARDS: PublicBoard[] = [];

/**
 * Loads the boards again and tells every reader once they are in (after an admin publishes or
 * edits, so this tab's Home shows what visitors see). Keeps the old boards if the load fails.
 */
export async function refreshBoards(): Promise<void> {
  pending = load();
  const boards = await pending;
  if (boards.length === 0 && loaded !== undefined && loaded.length > 0) return;
  loaded = boards;
  for (const notify of listeners) notify();
}

/** The published boards for components, newest first: empty while loading and after a failure. */
export function useBoards(): { boards: PublicBoard[]; isPending: boolean } {
  const boards = useSyncExternalStore(subscribe, () => loaded);
  return { boards: boards ?? NO_BOARDS, isPending: boards === undefined };
}

const NO_MOVIES: BoardMovie[] = [];

/** One year's 25 movies in board order, or none when that year has no published board. */
export function boardOf(boards: readonly PublicBoard[], year: number): BoardMovie[] {
  return boards.find((board) => board.year === year)?.movies ?? NO_MOVIES;
}

const flattened = new WeakMap<readonly PublicBoard[], BoardMovie[]>();

/**
 * Every movie of every published board once, oldest board first (the order of the spec's movie
 * list). A movie on several boards is listed with the first. The result is kept per list, so
 * components can use it in dependencies without memoising.
 */
export function moviesOf(boards: readonly PublicBoard[]): BoardMovie[] {
  const known = flattened.get(boards);
  if (known !== undefined) return known;
  const seen = new Set<string>();
  const movies: BoardMovie[] = [];
  for (const board of [...boards].reverse()) {
    for (const movie of board.movies) {
      if (seen.has(movie.id)) continue;
      seen.add(movie.id);
      movies.push(movie);
    }
  }
  flattened.set(boards, movies);
  return movies;
}

/** Every movie of every published board (see `moviesOf`); empty while loading and after a failure. */
export function useAllMovies(): { movies: BoardMovie[]; isPending: boolean } {
  const { boards, isPending } = useBoards();
  return { movies: boards === NO_BOARDS ? NO_MOVIES : moviesOf(boards), isPending };
}
