import { array, nullable, object, string } from '../../lib/first-load-schemas';
import { createLocalStore } from '../../lib/local-store';

// Whether this browser is a player (DESIGN §10): the player's key is an httpOnly cookie the page
// cannot read, so the page keeps this small, non-secret note of it from the first create, join,
// device link or sync that succeeded, with the leagues it last heard of (for the navigation's
// Leagues link). `GET /api/me` answering 404 clears it. Read on every first load: no zod here.

export const PLAYER_KEY = 'mingoPlayer';

const LeagueNoteSchema = object({ code: string(), name: string() });
export type LeagueNote = { code: string; name: string };
export type PlayerNote = { leagues: LeagueNote[] };

export const playerStore = createLocalStore<PlayerNote | null>(PLAYER_KEY, nullable(object({ leagues: array(LeagueNoteSchema) })), null);

export function isPlayer(): boolean {
  return playerStore.get() !== null;
}

/** Notes that this browser is a player, with its leagues as the server last listed them (or as they were). */
export function notePlayer(leagues?: readonly LeagueNote[]): void {
  playerStore.set((current) => ({ leagues: (leagues ?? current?.leagues ?? []).map(({ code, name }) => ({ code, name })) }));
}

/** Adds or renames one league in the note (after a create, a join or a code change). */
export function noteLeague(league: LeagueNote, replacing?: string): void {
  playerStore.set((current) => {
    const others = (current?.leagues ?? []).filter((known) => known.code !== league.code && known.code !== replacing);
    return { leagues: [...others, { code: league.code, name: league.name }] };
  });
}

/** Drops one league from the note (left, removed, closed). */
export function forgetLeague(code: string): void {
  playerStore.set((current) => (current === null ? null : { leagues: current.leagues.filter((known) => known.code !== code) }));
}

/** The leagues this browser last heard of: the navigation shows Leagues once there is one. */
export function useNotedLeagues(): readonly LeagueNote[] {
  return playerStore.use()?.leagues ?? NO_LEAGUES;
}

const NO_LEAGUES: LeagueNote[] = [];
