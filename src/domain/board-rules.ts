import { BOARD_SIZE, FREE_SPACE_INDEX, FREE_SPACE_NAME, squareName } from './boards';

// The rules of living boards (decision 150): what a board's 25 squares may hold, how star ratings
// are stored, and how a new movie's id is made. Pure: the caller passes the ids already taken.

/** The id of a board's own Free Space movie, created with the board. */
export function freeSpaceId(year: number): string {
  return `${year}-free-space`;
}

/** A new board: 24 empty squares and its Free Space in the centre. */
export function emptyBoardSlots(year: number): (string | null)[] {
  return Array.from({ length: BOARD_SIZE }, (_, position) => (position === FREE_SPACE_INDEX ? freeSpaceId(year) : null));
}

export type SlotsProblem = { ok: true } | { ok: false; message: string };

/** Whether `slots` may be a board of `year`: 25 squares, its Free Space in the centre and nowhere else, no movie twice. */
export function checkSlots(year: number, slots: readonly (string | null)[]): SlotsProblem {
  if (slots.length !== BOARD_SIZE) return { ok: false, message: `A board has ${BOARD_SIZE} squares.` };
  const free = freeSpaceId(year);
  if (slots[FREE_SPACE_INDEX] !== free) return { ok: false, message: `The centre square (N3) is always the board's ${FREE_SPACE_NAME}.` };
  const ids = slots.filter((id): id is string => id !== null);
  if (new Set(ids).size !== ids.length) return { ok: false, message: 'A movie can be on a board only once.' };
  return { ok: true };
}

/** The squares still empty, by name ("I2", "O5"), in board order. */
export function emptySquares(slots: readonly (string | null)[]): string[] {
  return slots.flatMap((id, position) => (id === null ? [squareName(position)] : []));
}

/** Why a board cannot be published yet, or null when it can (every square filled). */
export function publishProblem(slots: readonly (string | null)[]): string | null {
  const empty = emptySquares(slots);
  return empty.length === 0 ? null : `Fill every square before publishing: ${empty.join(', ')}.`;
}

/** How many names "squares left" lists before it says "and N more". */
const SQUARES_LEFT_LISTED = 5;

/**
 * What is missing before a board can be published, said before any confirm: "1 square left: G5.",
 * "3 squares left: M1, G5 and O5.", and with many the first five and a count ("21 squares left:
 * M1, I1, N1, G1, O1 and 16 more."), so the line stays short. Null when every square is filled.
 */
export function squaresLeft(slots: readonly (string | null)[]): string | null {
  const empty = emptySquares(slots);
  if (empty.length === 0) return null;
  const count = `${empty.length} ${empty.length === 1 ? 'square' : 'squares'} left`;
  // Six names read as quickly as five and a count of one more.
  const shown =
    empty.length <= SQUARES_LEFT_LISTED + 1
      ? empty
      : [...empty.slice(0, SQUARES_LEFT_LISTED), `${empty.length - SQUARES_LEFT_LISTED} more`];
  const last = shown.at(-1) ?? '';
  const list = shown.length === 1 ? last : `${shown.slice(0, -1).join(', ')} and ${last}`;
  return `${count}: ${list}.`;
}

/** Star ratings (0–5 in halves) are stored as whole halves 0–10, so "in halves" is a database CHECK. */
export function ratingToHalves(rating: number): number {
  const halves = rating * 2;
  if (!Number.isInteger(halves) || halves < 0 || halves > 10) throw new RangeError(`A rating is 0–5 in halves, got ${rating}`);
  return halves;
}

export function halvesToRating(halves: number): number {
  return halves / 2;
}

/**
 * The slug of a title as the movie list's ids use it: lower case, accents dropped, apostrophes
 * removed ("Don't" → "dont"), "&" read as "and", every other run of non-alphanumerics one hyphen.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Longest id (MOVIE_ID_PATTERN allows 100 characters); room is left for a "-NN" suffix. */
const ID_MAX = 100;
const SUFFIX_ROOM = 6;

/**
 * A new movie's id: `<year>-<slug of name>`, or with `-2`, `-3` … when that is taken. Ids never
 * change afterwards (seen marks and share links hold them). A title with no letters or digits
 * gets `<year>-movie`.
 */
export function makeMovieId(year: number, name: string, isTaken: (id: string) => boolean): string {
  const slug = slugify(name)
    .slice(0, ID_MAX - SUFFIX_ROOM - String(year).length - 1)
    .replace(/-+$/, '');
  const base = `${year}-${slug === '' ? 'movie' : slug}`;
  if (!isTaken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}
