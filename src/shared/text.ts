import { z } from 'zod';

/**
 * C0 control characters (NUL included), DEL and the C1 controls U+0080–U+009F, except tab, line
 * feed and carriage return: refused in every text field (PostgreSQL cannot store NUL in text; the
 * rest has no business in names, titles or descriptions). C1 holds NEL (U+0085), a line break to
 * some readers and not to others, and is what Windows-1252 text read as Latin-1 turns into.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

/** A UTF-16 surrogate without its partner: not Unicode text (no UTF-8 form). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * A string without control characters; chain `.trim()`, `.min()`, `.max()` … as usual. `params`
 * are z.string()'s (e.g. the message for a missing or non-string value).
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((value) => !hasControlCharacters(value), { error: CONTROL_CHARACTERS_MESSAGE })
    .refine(isWellFormedText, { error: 'must be valid Unicode text' });
}

const LINE_BREAKS = /[\r\n\u2028\u2029]/;

export const LINE_BREAKS_MESSAGE = 'must be a single line';

/** safeText() for one-line fields (names, titles): line breaks are refused too. */
export function singleLineText(params?: Parameters<typeof z.string>[0]) {
  return safeText(params).refine((value) => !LINE_BREAKS.test(value), { error: LINE_BREAKS_MESSAGE });
}
