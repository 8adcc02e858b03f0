import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { invalidMultipart } from '../shared/errors';

type PartsOptions = Parameters<FastifyRequest['parts']>[0];

const DASH = 0x2d;
const HEADERS_END = Buffer.from('\r\n\r\n');
/** busboy's own limit on a part's header block. */
const MAX_HEADER_BYTES = 80 * 1024;

/** The boundary of a multipart Content-Type, read as busboy reads it (quoted, or unquoted without white space). */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(contentType ?? '');
  const value = match?.[1];
  if (value === undefined) return undefined;
  const boundary = value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value.replace(/[ \t]/g, '');
  return boundary === '' ? undefined : boundary;
}

/**
 * Whether busboy hands a part with this header block over, read as busboy reads it: lines up to
 * the first malformed one, folded lines joined; the first Content-Disposition must say
 * `form-data`, and no RFC 2231 (`name*=`) value may decode to a line break.
 */
export function isFormDataPart(headerBlock: string): boolean {
  let disposition: string | undefined;
  let inDisposition = false;
  let anyHeader = false;
  for (const line of headerBlock.split('\r\n')) {
    if (line === '') continue;
    if (line.includes('\r') || line.includes('\n')) break;
    if (anyHeader && (line.startsWith(' ') || line.startsWith('\t'))) {
      if (inDisposition) disposition += line;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) break;
    anyHeader = true;
    const value = line.slice(colon + 1).replace(/^[ \t]/, '');
    inDisposition = disposition === undefined && line.slice(0, colon).toLowerCase() === 'content-disposition';
    if (inDisposition) disposition = value;
  }
  if (disposition === undefined) return false;
  const separator = disposition.indexOf(';');
  const type = separator === -1 ? disposition : disposition.slice(0, separator).replace(/[ \t]/g, '');
  if (!/^form-data$/i.test(type)) return false;
  return !(/\*\s*=/.test(disposition) && /%0[ad]/i.test(disposition));
}

/**
 * Reads a multipart body's part headers as its bytes go by, and says (false) as soon as one part's
 * headers make busboy skip it. Nothing is kept but a part's header block and the last few bytes,
 * where a delimiter may begin.
 */
export function multipartHeaderCheck(boundary: string): (chunk: Buffer) => boolean {
  const delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  // busboy's parser sees a CRLF first, so the opening delimiter matches at the very start.
  let pending = Buffer.from('\r\n');
  let state: 'body' | 'headers' | 'closed' | 'refused' = 'body';

  /** One step on `pending`; false when it needs more bytes. */
  const step = (): boolean => {
    if (state === 'body') {
      const found = pending.indexOf(delimiter);
      if (found === -1) {
        pending = pending.subarray(Math.max(0, pending.length - (delimiter.length - 1)));
        return false;
      }
      const end = found + delimiter.length;
      // Whether this delimiter closes the body needs the byte or two after it.
      if (end >= pending.length || (pending[end] === DASH && end + 1 >= pending.length)) {
        pending = pending.subarray(found);
        return false;
      }
      if (pending[end] === DASH && pending[end + 1] === DASH) {
        state = 'closed';
        return false;
      }
      pending = pending.subarray(end);
      state = 'headers';
      return true;
    }
    // The header block ends at the first blank line; a delimiter before it means it never ends.
    const headersEnd = pending.indexOf(HEADERS_END);
    const nextDelimiter = pending.indexOf(delimiter);
    if (headersEnd === -1 || (nextDelimiter !== -1 && nextDelimiter < headersEnd)) {
      if (nextDelimiter !== -1 || pending.length > MAX_HEADER_BYTES) state = 'refused';
      return false;
    }
    if (!isFormDataPart(pending.toString('latin1', 0, headersEnd))) {
      state = 'refused';
      return false;
    }
    pending = pending.subarray(headersEnd + HEADERS_END.length);
    state = 'body';
    return true;
  };

  const accepted = () => state !== 'refused';

  return (chunk) => {
    if (state === 'closed' || state === 'refused') return accepted();
    pending = Buffer.concat([pending, chunk]);
    while (step());
    return accepted();
  };
}

const refusal = () => invalidMultipart('Every part of the form needs a Content-Disposition of form-data.');

/**
 * `request.parts()` that refuses a part busboy would skip without a word (issue 33): one with no
 * Content-Disposition, one whose disposition is not `form-data` (`attachment`), one with no
 * headers at all. busboy skips such a part silently, and one of some sizes even stops it for good
 * (its write callback is never called), leaving the request unanswered until the idle cut. So the
 * raw body's part headers are read alongside busboy, and the first such part ends the iteration
 * with 400 `invalid_multipart` at once, whatever busboy is doing. Call it where `request.parts()`
 * would be called.
 */
export async function* formParts(request: FastifyRequest, options?: PartsOptions): AsyncGenerator<Multipart, void, undefined> {
  const boundary = boundaryOf(request.headers['content-type']);
  const check = boundary === undefined ? () => true : multipartHeaderCheck(boundary);
  let refuse: (error: Error) => void = () => undefined;
  const refused = new Promise<never>((_, reject) => {
    refuse = reject;
  });
  // Awaited only inside the race below: a refusal while nobody waits is no unhandled rejection.
  refused.catch(() => undefined);
  const onData = (chunk: Buffer) => {
    if (!check(chunk)) refuse(refusal());
  };
  // Before request.parts() pipes the body into busboy (in the same tick): this listener sees every chunk first.
  request.raw.on('data', onData);
  try {
    const parts = request.parts(options)[Symbol.asyncIterator]();
    for (;;) {
      const next = parts.next();
      // When the refusal wins, busboy's answer may still come (or fail) later, to nobody.
      next.catch(() => undefined);
      const result = await Promise.race([next, refused]);
      if (result.done === true) return;
      yield result.value;
    }
  } finally {
    request.raw.off('data', onData);
  }
}
