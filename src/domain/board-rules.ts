import { BOARD_SIZE, BOARD_WIDTH, FREE_SPACE_INDEX, FREE_SPACE_NAME, LETTERS } from './boards';

// The rules of living boards (decision 150): what a board's 25 squares may hold, how star ratings
// are stored, and how a new movie's id is made. Pure: the caller passes the ids already taken.

/** A square's name as the board shows it: the letter of its column and the number of its row (M1 … O5). */
export function squareName(position: number): string {
  if (!Number.isInteger(position) || position < 0 || position >= BOARD_SIZE) {
    throw new RangeError(`A board position is 0..${BOARD_SIZE - 1}, got ${position}`);
  }
  return `${LETTERS[position % BOARD_WIDTH] ?? ''}${Math.floor(position / BOARD_WIDTH) + 1}`;
}

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
