import { describe, expect, it } from 'vitest';
import { isNotModified, parseRange, rangeStillValid } from './range';

describe('parseRange', () => {
  const size = 1000;
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', range: { start: 0, end: 99 } }],
    ['bytes=0-', { kind: 'partial', range: { start: 0, end: 999 } }],
    ['bytes=500-', { kind: 'partial', range: { start: 500, end: 999 } }],
    ['bytes=990-2000', { kind: 'partial', range: { start: 990, end: 999 } }],
    ['bytes=-100', { kind: 'partial', range: { start: 900, end: 999 } }],
    ['bytes=-5000', { kind: 'partial', range: { start: 0, end: 999 } }],
    ['bytes=999-999', { kind: 'partial', range: { start: 999, end: 999 } }],
    [' bytes = 10 - 19 ', { kind: 'partial', range: { start: 10, end: 19 } }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-1001', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    // Ignored (whole file): bad syntax, other units, several ranges, reversed ranges.
    ['bytes=50-10', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    ['items=0-10', { kind: 'full' }],
    ['bytes=0-10,20-30', { kind: 'full' }],
    ['bytes=abc', { kind: 'full' }],
  ])('%s', (header, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it('finds nothing satisfiable in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('conditional requests', () => {
  const validators = { etag: '"abc-123"', lastModified: new Date('2026-01-02T03:04:05.678Z') };

  it('matches If-None-Match weakly, in lists and with *', () => {
    expect(isNotModified({ 'if-none-match': '"abc-123"' }, validators)).toBe(true);
    expect(isNotModified({ 'if-none-match': 'W/"abc-123"' }, validators)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"x", "abc-123"' }, validators)).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, validators)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"other"' }, validators)).toBe(false);
  });

  it('uses If-Modified-Since only without If-None-Match, at one-second resolution', () => {
    expect(isNotModified({ 'if-modified-since': 'Fri, 02 Jan 2026 03:04:05 GMT' }, validators)).toBe(true);
    expect(isNotModified({ 'if-modified-since': 'Fri, 02 Jan 2026 03:04:04 GMT' }, validators)).toBe(false);
    expect(isNotModified({ 'if-modified-since': 'not a date' }, validators)).toBe(false);
    expect(isNotModified({ 'if-none-match': '"other"', 'if-modified-since': 'Fri, 02 Jan 2027 03:04:05 GMT' }, validators)).toBe(false);
  });

  it('honours If-Range only when the strong tag or the date still match', () => {
    expect(rangeStillValid(undefined, validators)).toBe(true);
    expect(rangeStillValid('"abc-123"', validators)).toBe(true);
    expect(rangeStillValid('W/"abc-123"', validators)).toBe(false);
    expect(rangeStillValid('"changed"', validators)).toBe(false);
    expect(rangeStillValid('Fri, 02 Jan 2026 03:04:05 GMT', validators)).toBe(true);
    expect(rangeStillValid('Fri, 02 Jan 2026 03:04:06 GMT', validators)).toBe(false);
  });
});
