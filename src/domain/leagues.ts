import { boardProgress, completedLines, FREE_SPACE_INDEX, isBlackout } from './boards';
import { randomInt, type Rng } from './rng';

// The rules of leagues (DESIGN §10, decision 082): invite codes, nicknames, how marks from several
// devices merge, and how a league's members are ranked. Pure: time and randomness are passed in.

/** Invite codes are read aloud and typed from a phone: no 0/O, 1/I/L. */
export const LEAGUE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const LEAGUE_CODE_LENGTH = 6;

/** A fresh code: 6 characters from the alphabet (31⁶ ≈ 887 million codes). */
export function makeLeagueCode(rng: Rng): string {
  let code = '';
  for (let i = 0; i < LEAGUE_CODE_LENGTH; i++) code += LEAGUE_CODE_ALPHABET[randomInt(rng, LEAGUE_CODE_ALPHABET.length)] ?? '';
  return code;
}

/** A code as typed or linked (any case, outer spaces), or null when it cannot be one. */
export function normalizeLeagueCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  if (code.length !== LEAGUE_CODE_LENGTH) return null;
  for (const char of code) if (!LEAGUE_CODE_ALPHABET.includes(char)) return null;
  return code;
}

export const NICKNAME_MAX = 24;

// Unicode's bidirectional formatting characters (LRM, RLM, ALM, LRE…RLO, LRI…PDI): a nickname with
// them can reorder the text around it in the standings and the feed ("Trojan Source").
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
// C0, DEL and C1 controls, line and paragraph separators.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** The nickname as stored (outer white space dropped, NFC), or why it cannot be one. */
export function checkNickname(raw: string): { ok: true; nickname: string } | { ok: false; message: string } {
  const nickname = raw.normalize('NFC').trim();
  if (nickname.length === 0) return { ok: false, message: 'Choose a nickname.' };
  if ([...nickname].length > NICKNAME_MAX) return { ok: false, message: `A nickname has at most ${NICKNAME_MAX} characters.` };
  if (CONTROLS.test(nickname)) return { ok: false, message: 'A nickname cannot contain control characters or line breaks.' };
  if (BIDI_CONTROLS.test(nickname)) return { ok: false, message: 'A nickname cannot contain text-direction characters.' };
  return { ok: true, nickname };
}

/** Two nicknames are the same in a league when they differ only in case. */
export function nicknameKey(nickname: string): string {
  return nickname.normalize('NFC').trim().toLowerCase();
}

// ——— Marks from several devices ———

/** One device's change to one movie: seen or not, at the time it was made there. */
export type MarkChange = { movieId: string; seen: boolean; at: number };
/** What the server keeps per movie: the latest change it has heard of. */
export type MarkState = { seen: boolean; at: number };

/**
 * Merges changes into the marks kept so far: per movie, the latest change wins (`at`, in ms). A
 * change from the future (a device clock running ahead) counts as made `now`, so it cannot block
 * every later change for as long as the clock is off. On a tie, seen wins: a mark is never lost
 * to a change made at the same instant. Returns the new state and the movies whose seen changed.
 */
export function mergeMarks(
  current: ReadonlyMap<string, MarkState>,
  changes: readonly MarkChange[],
  now: number,
): { marks: Map<string, MarkState>; changed: Map<string, MarkState> } {
  const marks = new Map(current);
  const changed = new Map<string, MarkState>();
  for (const change of changes) {
    const at = Math.min(change.at, now);
    const kept = marks.get(change.movieId);
    const newer = kept === undefined || at > kept.at || (at === kept.at && change.seen && !kept.seen);
    if (!newer) continue;
    const next = { seen: change.seen, at };
    marks.set(change.movieId, next);
    // Against the state before this merge: seen and unseen again in one batch changes nothing.
    if ((current.get(change.movieId)?.seen ?? false) !== change.seen) changed.set(change.movieId, next);
    else changed.delete(change.movieId);
  }
  return { marks, changed };
}

// ——— Standings ———

/** A member's place on the league's board, with the times the standings' ties are decided by. */
export type Standing = {
  seen: number;
  lines: number;
  blackout: boolean;
  /** When the member's first line was made (null while there is none). */
  firstLineAt: number | null;
  /** When the whole board was seen: the league's MINGO (null while it is not). */
  blackoutAt: number | null;
  /** When the member reached their current seen / lines / blackout (ties go to the earlier). */
  reachedAt: number;
};

export const NO_STANDING: Omit<Standing, 'reachedAt'> = { seen: 0, lines: 0, blackout: false, firstLineAt: null, blackoutAt: null };

/** Which of a board's cells a set of marks covers (the Free Space is the domain's). */
export function markedCells(board: readonly string[], marked: ReadonlySet<string>): boolean[] {
  return board.map((movieId, cell) => cell !== FREE_SPACE_INDEX && marked.has(movieId));
}

/**
 * The standing after a member's marks changed at `at`. Times are kept while what they date still
 * holds: the first line's time stays while any line stands, the blackout's while the board is
 * whole; `reachedAt` moves only when seen, lines or blackout changed. `newLines` and `mingo` say
 * what this change achieved (for the feed and the toasts).
 */
export function nextStanding(
  previous: Standing,
  cells: readonly boolean[],
  at: number,
): { standing: Standing; newLines: number; mingo: boolean } {
  const seen = boardProgress(cells).seen;
  const lines = completedLines(cells).length;
  const blackout = isBlackout(cells);
  const moved = seen !== previous.seen || lines !== previous.lines || blackout !== previous.blackout;
  const standing: Standing = {
    seen,
    lines,
    blackout,
    firstLineAt: lines === 0 ? null : (previous.firstLineAt ?? at),
    blackoutAt: blackout ? (previous.blackoutAt ?? at) : null,
    reachedAt: moved ? at : previous.reachedAt,
  };
  return { standing, newLines: Math.max(0, lines - previous.lines), mingo: blackout && !previous.blackout };
}

/** What ranking needs of a member: the standing, and when they joined (the last tie-break). */
export type Ranked = Pick<Standing, 'seen' | 'lines' | 'blackout' | 'blackoutAt' | 'reachedAt'> & { joinedAt: number };

/**
 * Orders members best first: a MINGO (the whole board) beats any number of lines, earlier MINGO
 * first; then more lines, then more movies seen; ties go to whoever got there first, then to who
 * joined first. Ranks are 1, 2, 3 … with no two members sharing one.
 */
export function compareStandings(a: Ranked, b: Ranked): number {
  if (a.blackout !== b.blackout) return a.blackout ? -1 : 1;
  if (a.blackout && b.blackout) {
    const byMingo = (a.blackoutAt ?? 0) - (b.blackoutAt ?? 0);
    if (byMingo !== 0) return byMingo;
  }
  return b.lines - a.lines || b.seen - a.seen || a.reachedAt - b.reachedAt || a.joinedAt - b.joinedAt;
}

export function rankMembers<T extends Ranked>(members: readonly T[]): (T & { rank: number })[] {
  return [...members].sort(compareStandings).map((member, index) => ({ ...member, rank: index + 1 }));
}

// ——— The activity feed ———

export type FeedItem =
  | { kind: 'joined' | 'left' | 'removed'; nickname: string }
  | { kind: 'saw' | 'unsaw'; nickname: string; movieName: string }
  | { kind: 'line'; nickname: string; lines: number }
  | { kind: 'mingo'; nickname: string }
  | { kind: 'draw'; square: string; movieName: string }
  | { kind: 'renamed'; name: string };

/** The words of one feed item ("Ben saw Dune", "Ana got a line!", "Ben — MINGO!"). */
export function feedText(item: FeedItem): string {
  switch (item.kind) {
    case 'joined':
      return `${item.nickname} joined`;
    case 'left':
      return `${item.nickname} left`;
    case 'removed':
      return `${item.nickname} was removed`;
    case 'saw':
      return `${item.nickname} saw ${item.movieName}`;
    case 'unsaw':
      return `${item.nickname} unmarked ${item.movieName}`;
    case 'line':
      return item.lines === 1 ? `${item.nickname} got a line!` : `${item.nickname} got ${item.lines} lines!`;
    case 'mingo':
      return `${item.nickname} — MINGO!`;
    case 'draw':
      return `Mighty MINGO drew ${item.square}: ${item.movieName}`;
    case 'renamed':
      return `The league is now called ${item.name}`;
  }
}
