import type { ByteRange } from './storage';

export type RangeOutcome = { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Interprets a Range header for an object of `size` bytes (RFC 9110 section 14). One range is
 * served; a header we cannot or choose not to honour (other units, bad syntax, several ranges)
 * is ignored and the whole object is sent, as the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): RangeOutcome {
  if (header === undefined) return { kind: 'full' };
  const match = SINGLE_RANGE.exec(header.replace(/\s+/g, ''));
  if (match === null) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };

  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }

  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Number(last);
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}

type Validators = { etag: string; lastModified: Date };

const stripWeak = (tag: string): string => tag.trim().replace(/^W\//, '');

/** Date headers have one-second resolution. */
const toSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** If-None-Match (weak comparison) wins over If-Modified-Since, as in RFC 9110 section 13.2.2. */
export function isNotModified(
  headers: { 'if-none-match'?: string | undefined; 'if-modified-since'?: string | undefined },
  { etag, lastModified }: Validators,
): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tag = stripWeak(etag);
    return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || stripWeak(candidate) === tag);
  }
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && toSeconds(lastModified) <= Math.floor(since / 1000);
  }
  return false;
}

/** If-Range: the range applies only when the client's copy is still current (strong comparison for tags). */
export function rangeStillValid(ifRange: string | undefined, { etag, lastModified }: Validators): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return !value.startsWith('W/') && value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === toSeconds(lastModified);
}
