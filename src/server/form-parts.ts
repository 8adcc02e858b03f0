import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { invalidMultipart } from '../shared/errors';

type PartsOptions = Parameters<FastifyRequest['parts']>[0];

const DASH = 0x2d;

/** The boundary of a multipart Content-Type, read as busboy reads it (quoted, or unquoted without white space). */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(contentType ?? '');
  const value = match?.[1];
  if (value === undefined) return undefined;
  const boundary = value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value.replace(/[ \t]/g, '');
  return boundary === '' ? undefined : boundary;
}

/**
 * Counts the parts of a multipart body as its bytes go by: every delimiter (`CRLF--boundary`, the
 * first one at the very start, as busboy's parser sees it) not followed by `--`. Nothing is kept
 * but the last few bytes, where a delimiter may begin.
 */
export function multipartPartCounter(boundary: string): { push: (chunk: Buffer) => void; parts: () => number } {
  const delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  let pending = Buffer.from('\r\n');
  let parts = 0;
  let closed = false;
  return {
    push(chunk) {
      if (closed) return;
      pending = Buffer.concat([pending, chunk]);
      let from = 0;
      for (let found = pending.indexOf(delimiter); found !== -1; found = pending.indexOf(delimiter, from)) {
        const end = found + delimiter.length;
        // Whether this delimiter closes the body needs the byte or two after it.
        const undecided = end >= pending.length || (pending[end] === DASH && end + 1 >= pending.length);
        if (undecided) {
          pending = pending.subarray(found);
          return;
        }
        if (pending[end] === DASH && pending[end + 1] === DASH) {
          closed = true;
          return;
        }
        parts += 1;
        from = end;
      }
      pending = pending.subarray(Math.max(from, pending.length - (delimiter.length - 1)));
    },
    parts: () => parts,
  };
}

/**
 * `request.parts()` that refuses a part busboy skips without a word (issue 33): one with no
 * Content-Disposition, one whose disposition is not `form-data` (`attachment`), one with no
 * headers at all. busboy hands over only the parts it understands; the delimiters in the raw
 * body, counted alongside, say how many there were. When the body has been read, more parts
 * than were handed over is 400 `invalid_multipart`. Call it where `request.parts()` would be
 * called, and read it to the end (or stop with an error of your own).
 */
export async function* formParts(request: FastifyRequest, options?: PartsOptions): AsyncGenerator<Multipart, void, undefined> {
  const boundary = boundaryOf(request.headers['content-type']);
  const counter = boundary === undefined ? undefined : multipartPartCounter(boundary);
  const count = (chunk: Buffer) => counter?.push(chunk);
  // Before request.parts() pipes the body into busboy: this listener sees every chunk first.
  request.raw.on('data', count);
  let delivered = 0;
  try {
    for await (const part of request.parts(options)) {
      delivered += 1;
      yield part;
    }
  } finally {
    request.raw.off('data', count);
  }
  if (counter !== undefined && counter.parts() > delivered) {
    throw invalidMultipart('Every part of the form needs a Content-Disposition of form-data.');
  }
}
