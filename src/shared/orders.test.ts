import { describe, expect, it } from 'vitest';
import { maskEmail, receiptDetailsVisible } from './orders';

describe('maskEmail', () => {
  it.each([
    ['jane@example.com', 'j•••@example.com'],
    ['a@b.co', 'a•••@b.co'],
    ['odd"@name"@example.com', 'o•••@example.com'],
    ['no-at-sign', '•••'],
    ['@example.com', '•••'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

describe('receiptDetailsVisible', () => {
  const now = new Date('2026-05-02T12:00:00Z');
  it.each([
    ['paid a minute ago', { createdAt: new Date('2026-05-01T10:00:00Z'), paidAt: new Date('2026-05-02T11:59:00Z') }, true],
    ['paid 23 h 59 min ago', { createdAt: new Date('2026-05-01T11:00:00Z'), paidAt: new Date('2026-05-01T12:01:00Z') }, true],
    ['paid exactly 24 h ago', { createdAt: new Date('2026-05-01T11:00:00Z'), paidAt: new Date('2026-05-01T12:00:00Z') }, false],
    ['unpaid, created an hour ago', { createdAt: new Date('2026-05-02T11:00:00Z'), paidAt: null }, true],
    ['unpaid, created two days ago', { createdAt: new Date('2026-04-30T12:00:00Z'), paidAt: null }, false],
  ])('%s: %s', (_what, order, visible) => {
    expect(receiptDetailsVisible(order, now)).toBe(visible);
  });
});
