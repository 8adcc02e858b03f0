import { describe, it, expect } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  formatClipTime,
  formatCount,
  formatMegabytes,
  formatRuntime,
  formatUploadDate,
  formatUsd,
  pad2,
} from './format';

describe('formatRuntime', () => {
  it.each([
    [127, '2h 7m'],
    [60, '1h 0m'],
    [45, '45m'],
    [0, '0m'],
    [59, '59m'],
    [61, '1h 1m'],
    [180, '3h 0m'],
    [90.7, '1h 30m'],
    [-5, '0m'],
    [Number.NaN, '0m'],
    [Number.POSITIVE_INFINITY, '0m'],
  ])('%s → %s', (minutes, expected) => {
    expect(formatRuntime(minutes)).toBe(expected);
  });
});

describe('formatClipTime', () => {
  it.each([
    [0, '0:00'],
    [0.9, '0:00'],
    [5, '0:05'],
    [59.99, '0:59'],
    [60, '1:00'],
    [65.4, '1:05'],
    [599, '9:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [36_000, '10:00:00'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
    [Number.NEGATIVE_INFINITY, '0:00'],
    [-3, '0:00'],
  ])('%s → %s', (seconds, expected) => {
    expect(formatClipTime(seconds)).toBe(expected);
  });
});

describe('formatUsd', () => {
  it.each([
    [1234, '$12.34'],
    [0, '$0.00'],
    [123_450, '$1,234.50'],
    [599, '$5.99'],
    [1, '$0.01'],
    [100_000_000, '$1,000,000.00'],
  ])('%i cents → %s', (cents, expected) => {
    expect(formatUsd(cents)).toBe(expected);
  });
});

describe('centsToDollars', () => {
  it.each([
    [1999, 19.99],
    [0, 0],
    [5, 0.05],
    [100, 1],
  ])('%i → %s', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });
});

describe('dollarsToCents', () => {
  it.each<[number | string, number | null]>([
    ['19.99', 1999],
    [19.99, 1999],
    [0.29, 29],
    [1.1, 110],
    ['0', 0],
    [0, 0],
    ['5', 500],
    ['5.', 500],
    ['.5', 50],
    ['5.5', 550],
    ['  12.30 ', 1230],
    ['19.990', 1999],
    ['1.5000', 150],
    ['1234567.89', 123_456_789],
    [19.999, null],
    ['19.999', null],
    ['0.001', null],
    [-1, null],
    ['-1.00', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    ['', null],
    ['   ', null],
    ['.', null],
    ['abc', null],
    ['1,000.00', null],
    ['$5', null],
    ['1e3', null],
    [1e21, null],
    ['99999999999999999999', null],
  ])('%j → %j', (value, expected) => {
    expect(dollarsToCents(value)).toBe(expected);
  });

  it('round-trips every cent amount up to $20', () => {
    for (let cents = 0; cents <= 2000; cents++) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      expect(dollarsToCents((cents / 100).toFixed(2))).toBe(cents);
    }
  });
});

describe('formatUploadDate', () => {
  it.each([
    [new Date(2026, 10, 21), '21 Nov 2026'],
    [new Date(2025, 0, 1, 23, 59), '1 Jan 2025'],
    [new Date(2024, 1, 29, 12), '29 Feb 2024'],
    [new Date(2019, 11, 31), '31 Dec 2019'],
  ])('%s → %s', (date, expected) => {
    expect(formatUploadDate(date)).toBe(expected);
  });
});

describe('formatMegabytes and pad2', () => {
  it.each([
    { bytes: 50 * 1024 * 1024, expected: '50 MB' },
    { bytes: 5 * 1024 * 1024, expected: '5 MB' },
    { bytes: 7.5 * 1024 * 1024, expected: '7.5 MB' },
    { bytes: 123_456_789, expected: '117.7 MB' },
    { bytes: 1024, expected: '0.0 MB' },
  ])('$bytes bytes → $expected', ({ bytes, expected }) => {
    expect(formatMegabytes(bytes)).toBe(expected);
  });

  it('pads clock digits to two', () => {
    expect([0, 7, 10, 59].map(pad2)).toEqual(['00', '07', '10', '59']);
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [2410, '2,410'],
    [1234567, '1,234,567'],
  ])('%d → %s', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });
});
