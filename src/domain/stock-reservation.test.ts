import { describe, expect, it } from 'vitest';
import {
  availableStock,
  CHECKOUT_SESSION_LIFETIME_MS,
  holdsReservation,
  isPayable,
  reservationReleaseCutoff,
  RESERVATION_GRACE_MS,
  sessionExpiresAt,
  unitsPerProduct,
} from './stock-reservation';

const now = new Date('2026-11-26T20:00:00.000Z');

describe('stock reservations', () => {
  it('holds a session for at least the 30 minutes Stripe requires', () => {
    expect(CHECKOUT_SESSION_LIFETIME_MS).toBeGreaterThan(30 * 60 * 1000);
    expect(sessionExpiresAt(now).toISOString()).toBe('2026-11-26T20:31:00.000Z');
    expect(sessionExpiresAt(now, 1000).toISOString()).toBe('2026-11-26T20:00:01.000Z');
  });

  it('releases lapsed reservations only after the grace for late webhooks', () => {
    expect(RESERVATION_GRACE_MS).toBe(5 * 60 * 1000);
    expect(reservationReleaseCutoff(now).toISOString()).toBe('2026-11-26T19:55:00.000Z');
    expect(reservationReleaseCutoff(now, 0)).toEqual(now);
  });

  it('is payable until the instant the session ends; orders from before reservations always are', () => {
    const until = new Date(now.getTime() + 1);
    expect(isPayable(until, now)).toBe(true);
    expect(isPayable(now, now)).toBe(false);
    expect(isPayable(new Date(now.getTime() - 1), now)).toBe(false);
    expect(isPayable(null, now)).toBe(true);
  });

  it('offers what is not reserved, never less than nothing', () => {
    expect(availableStock(5, 0)).toBe(5);
    expect(availableStock(5, 2)).toBe(3);
    expect(availableStock(2, 2)).toBe(0);
    // An admin lowered the stock below what open checkouts hold.
    expect(availableStock(1, 3)).toBe(0);
  });

  it('counts a reservation only for a pending order whose checkout took one', () => {
    expect(holdsReservation({ status: 'pending', reservedUntil: now })).toBe(true);
    expect(holdsReservation({ status: 'pending', reservedUntil: null })).toBe(false);
    for (const status of ['paid', 'needs_refund', 'cancelled', 'expired', 'shipped', 'refunded']) {
      expect(holdsReservation({ status, reservedUntil: now })).toBe(false);
    }
  });

  it('sums the units of every line per product', () => {
    const units = unitsPerProduct([
      { productId: 'tee', quantity: 2 },
      { productId: 'mug', quantity: 1 },
      { productId: 'tee', quantity: 3 },
    ]);
    expect([...units]).toEqual([
      ['tee', 5],
      ['mug', 1],
    ]);
  });
});
