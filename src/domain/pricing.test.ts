import { describe, it, expect } from 'vitest';
import {
  DELIVERY_FEE_CENTS,
  FREE_DELIVERY_FROM_CENTS,
  TAX_RATE_BASIS_POINTS,
  estimateTotals,
  lineTotalCents,
  subtotalCents,
  taxEstimateCents,
} from './pricing';

describe('constants', () => {
  it('match the specification', () => {
    expect(DELIVERY_FEE_CENTS).toBe(599);
    expect(FREE_DELIVERY_FROM_CENTS).toBe(5000);
    expect(TAX_RATE_BASIS_POINTS).toBe(1075);
  });
});

describe('taxEstimateCents', () => {
  it.each([
    [0, 0],
    [1, 0], // 0.1075
    [4, 0], // 0.43
    [5, 1], // 0.5375 rounds up
    [100, 11], // 10.75
    [200, 22], // 21.5 half up
    [2000, 215],
    [4999, 537], // 537.3925
    [5000, 538], // 537.5 half up
    [9999, 1075], // 1074.8925
    [10_000, 1075],
  ])('%i → %i', (subtotal, tax) => {
    expect(taxEstimateCents(subtotal)).toBe(tax);
  });

  it.each([-1, 1.5, Number.NaN])('rejects %s', (subtotal) => {
    expect(() => taxEstimateCents(subtotal)).toThrow(RangeError);
  });

  it('names the bad argument and its value in the error', () => {
    expect(() => taxEstimateCents(-1)).toThrow(new RangeError('subtotalCents must be a non-negative integer, got -1'));
    expect(() => estimateTotals(1.5)).toThrow(new RangeError('subtotalCents must be a non-negative integer, got 1.5'));
    expect(() => lineTotalCents(-5, 1)).toThrow(new RangeError('unitPriceCents must be a non-negative integer, got -5'));
    expect(() => lineTotalCents(5, -1)).toThrow(new RangeError('quantity must be a non-negative integer, got -1'));
  });
});

describe('estimateTotals', () => {
  it.each([
    { subtotal: 0, delivery: 0, free: false, tax: 0, total: 0 },
    { subtotal: 1, delivery: 599, free: false, tax: 0, total: 600 },
    { subtotal: 2000, delivery: 599, free: false, tax: 215, total: 2814 },
    { subtotal: 4999, delivery: 599, free: false, tax: 537, total: 6135 },
    { subtotal: 5000, delivery: 0, free: true, tax: 538, total: 5538 },
    { subtotal: 12_345, delivery: 0, free: true, tax: 1327, total: 13_672 },
  ])('subtotal $subtotal → delivery $delivery, tax $tax, total $total', ({ subtotal, delivery, free, tax, total }) => {
    const totals = estimateTotals(subtotal);
    expect(totals).toEqual({
      subtotalCents: subtotal,
      deliveryCents: delivery,
      freeDelivery: free,
      taxCents: tax,
      totalCents: total,
    });
    expect(totals.totalCents).toBe(totals.subtotalCents + totals.deliveryCents + totals.taxCents);
  });

  it.each([-100, 10.5])('rejects %s', (subtotal) => {
    expect(() => estimateTotals(subtotal)).toThrow(RangeError);
  });
});

describe('lineTotalCents', () => {
  it.each([
    [1999, 3, 5997],
    [2500, 1, 2500],
    [2500, 0, 0],
  ])('%i × %i → %i', (unit, quantity, total) => {
    expect(lineTotalCents(unit, quantity)).toBe(total);
  });

  it.each([
    [19.99, 1],
    [100, -1],
    [100, 1.5],
  ])('rejects %s × %s', (unit, quantity) => {
    expect(() => lineTotalCents(unit, quantity)).toThrow(RangeError);
  });
});

describe('subtotalCents', () => {
  it.each([
    { name: 'empty cart', lines: [], expected: 0 },
    { name: 'one line', lines: [{ unitPriceCents: 2500, quantity: 2 }], expected: 5000 },
    {
      name: 'several lines',
      lines: [
        { unitPriceCents: 1999, quantity: 3 },
        { unitPriceCents: 2500, quantity: 1 },
        { unitPriceCents: 1, quantity: 1 },
      ],
      expected: 8498,
    },
  ])('$name → $expected', ({ lines, expected }) => {
    expect(subtotalCents(lines)).toBe(expected);
  });
});
