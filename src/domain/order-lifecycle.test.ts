import { describe, expect, it } from 'vitest';
import { canApply, pendingCutoff, refusal } from './order-lifecycle';

describe('canApply', () => {
  it.each([
    ['ship', 'paid', true],
    ['ship', 'pending', false],
    ['ship', 'needs_refund', false],
    ['ship', 'shipped', false],
    ['ship', 'refunded', false],
    ['ship', 'cancelled', false],
    ['ship', 'expired', false],
    ['refund', 'paid', true],
    ['refund', 'needs_refund', true],
    ['refund', 'shipped', true],
    ['refund', 'refunded', false],
    ['refund', 'pending', false],
    ['refund', 'cancelled', false],
    ['refund', 'expired', false],
  ] as const)('%s from %s → %s', (action, status, allowed) => {
    expect(canApply(action, status)).toBe(allowed);
  });

  it('explains a refusal', () => {
    expect(refusal('refund', 'refunded')).toBe('This order is refunded; only paid, shipped or needs refund orders can be refunded.');
    expect(refusal('refund', 'needs_refund')).toBe(
      'This order is needs refund; only paid, shipped or needs refund orders can be refunded.',
    );
    expect(refusal('ship', 'needs_refund')).toBe('This order is needs refund; only paid orders can be marked shipped.');
  });
});

describe('pendingCutoff', () => {
  it('is 24 hours before now', () => {
    expect(pendingCutoff(new Date('2026-11-23T12:00:00Z')).toISOString()).toBe('2026-11-22T12:00:00.000Z');
  });
});
