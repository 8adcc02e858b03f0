import { BOARD_SIZE, FREE_SPACE_INDEX, isBoardYear } from './boards';

/**
 * A shared board travels in a link as a short code: 4 bytes in base64url (6 characters).
 * Byte 0 is the year minus 2000; bytes 1–3 hold the 24 non-free squares in board order,
 * most significant bit first (the centre Free Space is always marked, so it takes no bit).
 */
export type SharedBoard = { year: number; seen: boolean[] };

export type ShareCodeResult = { ok: true; board: SharedBoard } | { ok: false; message: string };

const YEAR_BASE = 2000;
const MARK_BITS = BOARD_SIZE - 1;
const CODE_BYTES = 4;
export const SHARE_CODE_LENGTH = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Board cells (0..24) without the Free Space, in the order their bits are stored. */
const MARK_CELLS = Array.from({ length: BOARD_SIZE }, (_, cell) => cell).filter((cell) => cell !== FREE_SPACE_INDEX);

function toBase64Url(bytes: readonly number[]): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += ALPHABET[(value >> bits) & 63] ?? '';
    }
  }
  if (bits > 0) out += ALPHABET[(value << (6 - bits)) & 63] ?? '';
  return out;
}

function fromBase64Url(text: string): number[] | null {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 6) | digit) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  return bytes;
}

/** The share code of one year's board; `seen` is in board order (25 cells, the Free Space ignored). */
export function encodeShareCode(year: number, seen: readonly boolean[]): string {
  let marks = 0;
  MARK_CELLS.forEach((cell, bit) => {
    if (seen[cell] === true) marks |= 1 << (MARK_BITS - 1 - bit);
  });
  return toBase64Url([year - YEAR_BASE, (marks >> 16) & 0xff, (marks >> 8) & 0xff, marks & 0xff]);
}

/**
 * Reads a share code back; anything that is not a code this site made gives a message, never a throw.
 * `hasBoard` says which years have a board (living boards: the published ones, decision 150).
 */
export function decodeShareCode(code: string, hasBoard: (year: number) => boolean = isBoardYear): ShareCodeResult {
  if (code.length !== SHARE_CODE_LENGTH) {
    return { ok: false, message: `A share code has ${SHARE_CODE_LENGTH} characters; this one has ${code.length}.` };
  }
  const bytes = fromBase64Url(code);
  if (bytes === null || bytes.length !== CODE_BYTES) {
    return { ok: false, message: 'A share code uses only letters, digits, "-" and "_".' };
  }
  // 6 characters carry 36 bits for 32 bits of data: the last character's low 4 bits must be zero,
  // so every board has exactly one code.
  if ((ALPHABET.indexOf(code.charAt(SHARE_CODE_LENGTH - 1)) & 0x0f) !== 0) {
    return { ok: false, message: 'This share code is damaged.' };
  }
  const [yearByte = 0, high = 0, middle = 0, low = 0] = bytes;
  const year = YEAR_BASE + yearByte;
  if (!hasBoard(year)) return { ok: false, message: `This share code is for ${year}, which has no board.` };
  const marks = (high << 16) | (middle << 8) | low;
  const seen = Array.from({ length: BOARD_SIZE }, () => false);
  MARK_CELLS.forEach((cell, bit) => {
    seen[cell] = (marks & (1 << (MARK_BITS - 1 - bit))) !== 0;
  });
  return { ok: true, board: { year, seen } };
}
