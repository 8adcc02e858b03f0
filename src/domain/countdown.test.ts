import { describe, it, expect } from 'vitest';
import { countdown, countdownMessages } from './countdown';

// Dates are built in local time so the tests hold in any process time zone.
const local = (y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0): Date => new Date(y, m - 1, d, h, mi, s, ms);

function counting(now: Date) {
  const result = countdown(now);
  if (result.kind !== 'counting') throw new Error(`expected counting, got ${result.kind}`);
  return result;
}

describe('countdown: target and consistency', () => {
  it.each([
    { name: '1 Jan 00:00', now: local(2025, 1, 1), target: local(2025, 5, 1) },
    { name: '29 Feb in a leap year', now: local(2024, 2, 29, 12), target: local(2024, 5, 1) },
    { name: '30 Apr 23:59:59', now: local(2025, 4, 30, 23, 59, 59), target: local(2025, 5, 1) },
    { name: '1 Jun 00:00', now: local(2025, 6, 1), target: local(2026, 5, 1) },
    { name: '15 Sep afternoon', now: local(2025, 9, 15, 15, 30), target: local(2026, 5, 1) },
    { name: '31 Dec 23:59:59', now: local(2025, 12, 31, 23, 59, 59), target: local(2026, 5, 1) },
  ])('$name counts down to 1 May of the right year', ({ now, target }) => {
    const result = counting(now);
    expect(result.target.getTime()).toBe(target.getTime());
    const total = result.days * 86_400 + result.hours * 3600 + result.minutes * 60 + result.seconds;
    expect(total).toBe(Math.floor((target.getTime() - now.getTime()) / 1000));
    expect(result.hours).toBeLessThan(24);
    expect(result.minutes).toBeLessThan(60);
    expect(result.seconds).toBeLessThan(60);
    for (const unit of [result.days, result.hours, result.minutes, result.seconds]) {
      expect(Number.isInteger(unit) && unit >= 0).toBe(true);
    }
  });
});

describe('countdown: exact values away from DST changes', () => {
  it.each([
    { name: '30 Apr 23:59:59', now: local(2025, 4, 30, 23, 59, 59), d: 0, h: 0, m: 0, s: 1 },
    { name: '30 Apr 23:59:59.999 floors to 0', now: local(2025, 4, 30, 23, 59, 59, 999), d: 0, h: 0, m: 0, s: 0 },
    { name: '30 Apr 12:00', now: local(2025, 4, 30, 12), d: 0, h: 12, m: 0, s: 0 },
    { name: '28 Apr 10:20:30', now: local(2025, 4, 28, 10, 20, 30), d: 2, h: 13, m: 39, s: 30 },
  ])('$name → $d d $h h $m m $s s', ({ now, d, h, m, s }) => {
    expect(counting(now)).toMatchObject({ days: d, hours: h, minutes: m, seconds: s });
  });

  it('30 Apr 23:59:59 is one second before the start of May', () => {
    const before = local(2025, 4, 30, 23, 59, 59);
    expect(counting(before).target.getTime() - before.getTime()).toBe(1000);
  });
});

describe('countdown: May', () => {
  it.each([
    { name: 'exactly 1 May 00:00', now: local(2025, 5, 1) },
    { name: '15 May noon', now: local(2025, 5, 15, 12) },
    { name: '31 May 23:59:59', now: local(2025, 5, 31, 23, 59, 59) },
    { name: '31 May 23:59:59.999', now: local(2025, 5, 31, 23, 59, 59, 999) },
    { name: 'May in a leap year', now: local(2024, 5, 1) },
  ])('$name → may', ({ now }) => {
    expect(countdown(now)).toEqual({ kind: 'may' });
  });

  it('resumes counting one millisecond after May ends', () => {
    expect(countdown(local(2025, 6, 1)).kind).toBe('counting');
  });
});

describe('countdown: invalid input', () => {
  it('rejects an invalid Date', () => {
    expect(() => countdown(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('countdownMessages', () => {
  it.each([
    ['MINGO', "Enjoy this year's MINGO!", "The countdown will resume on June 1st until next year's MINGO!"],
    ['Bingo', "Enjoy this year's Bingo!", "The countdown will resume on June 1st until next year's Bingo!"],
  ])('%s', (name, first, second) => {
    expect(countdownMessages(name)).toEqual([first, second]);
  });
});

describe('countdown of an invalid date', () => {
  it('says what it needs', () => {
    expect(() => countdown(new Date(Number.NaN))).toThrow(new RangeError('countdown needs a valid Date'));
  });
});
