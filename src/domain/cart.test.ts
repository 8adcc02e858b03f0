import { describe, it, expect } from 'vitest';
import {
  addToCart,
  cartCount,
  clampQuantity,
  lineMaxUnits,
  orderCapProblem,
  quantityChoices,
  reconcileCart,
  removeLine,
  sameLine,
  setLineQuantity,
  type CartLine,
  type CartLineKey,
  type StockInfo,
} from './cart';

type Snapshot = { name: string };

function line(
  productId: string,
  quantity: number,
  options: Partial<Omit<CartLineKey, 'productId'>> = {},
  name = productId,
): CartLine<Snapshot> {
  return {
    productId,
    shirtSize: options.shirtSize ?? null,
    shirtColor: options.shirtColor ?? null,
    vinylColor: options.vinylColor ?? null,
    quantity,
    product: { name },
  };
}

const summary = (lines: readonly CartLine<Snapshot>[]): string[] =>
  lines.map((l) => `${l.productId}/${l.shirtSize ?? '-'}/${l.shirtColor ?? '-'}/${l.vinylColor ?? '-'}×${l.quantity}`);

describe('sameLine', () => {
  it.each([
    { name: 'same product, no options', a: line('p1', 1), b: line('p1', 5), same: true },
    {
      name: 'same options',
      a: line('p1', 1, { shirtSize: 'M', shirtColor: 'Black' }),
      b: line('p1', 2, { shirtSize: 'M', shirtColor: 'Black' }),
      same: true,
    },
    { name: 'different product', a: line('p1', 1), b: line('p2', 1), same: false },
    { name: 'different size', a: line('p1', 1, { shirtSize: 'M' }), b: line('p1', 1, { shirtSize: 'L' }), same: false },
    { name: 'different shirt colour', a: line('p1', 1, { shirtColor: 'Black' }), b: line('p1', 1, { shirtColor: 'White' }), same: false },
    { name: 'different vinyl colour', a: line('p1', 1, { vinylColor: 'Red' }), b: line('p1', 1, { vinylColor: 'Clear' }), same: false },
    { name: 'option vs none', a: line('p1', 1, { vinylColor: 'Red' }), b: line('p1', 1), same: false },
  ])('$name → $same', ({ a, b, same }) => {
    expect(sameLine(a, b)).toBe(same);
  });
});

describe('clampQuantity', () => {
  it.each([
    [3, 5, 3],
    [9, 5, 5],
    [0, 5, 1],
    [-2, 5, 1],
    [2.7, 5, 2],
    [Number.NaN, 5, 1],
  ])('%s within max %s → %s', (quantity, max, expected) => {
    expect(clampQuantity(quantity, max)).toBe(expected);
  });
});

describe('addToCart', () => {
  const shirtM = line('shirt', 1, { shirtSize: 'M', shirtColor: 'Black' });
  it.each([
    { name: 'into an empty cart', lines: [], add: line('vinyl', 2, { vinylColor: 'Red' }), max: 10, expected: ['vinyl/-/-/Red×2'] },
    {
      name: 'identical line grows',
      lines: [shirtM],
      add: line('shirt', 2, { shirtSize: 'M', shirtColor: 'Black' }),
      max: 10,
      expected: ['shirt/M/Black/-×3'],
    },
    { name: 'identical line capped at max', lines: [line('shirt', 4)], add: line('shirt', 3), max: 5, expected: ['shirt/-/-/-×5'] },
    {
      name: 'different size appends',
      lines: [shirtM],
      add: line('shirt', 1, { shirtSize: 'L', shirtColor: 'Black' }),
      max: 10,
      expected: ['shirt/M/Black/-×1', 'shirt/L/Black/-×1'],
    },
    { name: 'new line capped at max', lines: [], add: line('mug', 7), max: 3, expected: ['mug/-/-/-×3'] },
    { name: 'out of stock adds nothing', lines: [shirtM], add: line('mug', 1), max: 0, expected: ['shirt/M/Black/-×1'] },
  ])('$name', ({ lines, add, max, expected }) => {
    expect(summary(addToCart(lines, add, max))).toEqual(expected);
  });

  it('returns a new array, leaves the input alone and refreshes the snapshot', () => {
    const before = [line('shirt', 1, {}, 'old')];
    const after = addToCart(before, line('shirt', 1, {}, 'new'), 10);
    expect(after).not.toBe(before);
    expect(before[0]?.quantity).toBe(1);
    expect(after[0]?.product).toEqual({ name: 'new' });
  });
});

describe('setLineQuantity', () => {
  const cart = [line('a', 1), line('b', 2)];
  it.each([
    { name: 'sets within range', index: 1, quantity: 4, max: 5, expected: ['a/-/-/-×1', 'b/-/-/-×4'] },
    { name: 'clamps above max', index: 0, quantity: 9, max: 3, expected: ['a/-/-/-×3', 'b/-/-/-×2'] },
    { name: 'clamps below 1', index: 0, quantity: 0, max: 3, expected: ['a/-/-/-×1', 'b/-/-/-×2'] },
    { name: 'index out of range changes nothing', index: 5, quantity: 3, max: 3, expected: ['a/-/-/-×1', 'b/-/-/-×2'] },
  ])('$name', ({ index, quantity, max, expected }) => {
    expect(summary(setLineQuantity(cart, index, quantity, max))).toEqual(expected);
    expect(summary(cart)).toEqual(['a/-/-/-×1', 'b/-/-/-×2']);
  });
});

describe('removeLine', () => {
  const cart = [line('a', 1), line('b', 2), line('c', 3)];
  it.each([
    { index: 0, expected: ['b', 'c'] },
    { index: 1, expected: ['a', 'c'] },
    { index: 2, expected: ['a', 'b'] },
    { index: 3, expected: ['a', 'b', 'c'] },
    { index: -1, expected: ['a', 'b', 'c'] },
  ])('removes index $index', ({ index, expected }) => {
    expect(removeLine(cart, index).map((l) => l.productId)).toEqual(expected);
  });
});

describe('cartCount', () => {
  it.each([
    { lines: [], count: 0 },
    { lines: [line('a', 1)], count: 1 },
    { lines: [line('a', 2), line('b', 3), line('a', 1, { shirtSize: 'S' })], count: 6 },
  ])('→ $count', ({ lines, count }) => {
    expect(cartCount(lines)).toBe(count);
  });
});

describe('quantityChoices', () => {
  it.each([
    [0, []],
    [-3, []],
    [Number.NaN, []],
    [1, [1]],
    [4, [1, 2, 3, 4]],
    [2.9, [1, 2]],
  ])('stock %s → %j', (stock, expected) => {
    expect(quantityChoices(stock)).toEqual(expected);
  });

  it('covers large stock', () => {
    expect(quantityChoices(150)).toHaveLength(150);
  });
});

describe('reconcileCart', () => {
  const stock: Record<string, StockInfo> = {
    plenty: { stock: 50, available: true },
    few: { stock: 2, available: true },
    soldOut: { stock: 0, available: true },
    archived: { stock: 10, available: false },
  };
  const lookup = (id: string): StockInfo | undefined => stock[id];

  it.each([
    { name: 'empty cart', lines: [], expected: [], changes: [] },
    { name: 'all fine', lines: [line('plenty', 3), line('few', 2)], expected: ['plenty/-/-/-×3', 'few/-/-/-×2'], changes: [] },
    {
      name: 'vanished product removed',
      lines: [line('gone', 1), line('plenty', 1)],
      expected: ['plenty/-/-/-×1'],
      changes: [{ productId: 'gone', change: 'removed', from: 1, to: 0 }],
    },
    {
      name: 'unavailable product removed',
      lines: [line('archived', 2)],
      expected: [],
      changes: [{ productId: 'archived', change: 'removed', from: 2, to: 0 }],
    },
    {
      name: 'sold out product removed',
      lines: [line('soldOut', 1)],
      expected: [],
      changes: [{ productId: 'soldOut', change: 'removed', from: 1, to: 0 }],
    },
    {
      name: 'quantity above stock reduced',
      lines: [line('few', 5)],
      expected: ['few/-/-/-×2'],
      changes: [{ productId: 'few', change: 'reduced', from: 5, to: 2 }],
    },
    {
      name: 'identical lines merged',
      lines: [line('plenty', 2, { shirtSize: 'M' }), line('plenty', 1, { shirtSize: 'L' }), line('plenty', 3, { shirtSize: 'M' })],
      expected: ['plenty/M/-/-×5', 'plenty/L/-/-×1'],
      changes: [],
    },
    {
      name: 'merged lines reduced to stock',
      lines: [line('few', 1), line('few', 2)],
      expected: ['few/-/-/-×2'],
      changes: [{ productId: 'few', change: 'reduced', from: 3, to: 2 }],
    },
    {
      name: 'line without a whole quantity removed',
      lines: [line('plenty', 0), line('few', Number.NaN)],
      expected: [],
      changes: [
        { productId: 'plenty', change: 'removed', from: 0, to: 0 },
        { productId: 'few', change: 'removed', from: 0, to: 0 },
      ],
    },
  ])('$name', ({ lines, expected, changes }) => {
    const result = reconcileCart(lines, lookup);
    expect(summary(result.lines)).toEqual(expected);
    expect(result.changes).toEqual(changes);
  });
});

describe('cart at a stock of exactly one', () => {
  it('adds one of the last item and keeps it on reconciling', () => {
    expect(addToCart([], line('last', 1), 1).map((l) => l.quantity)).toEqual([1]);
    const result = reconcileCart([line('last', 1)], () => ({ available: true, stock: 1 }));
    expect(result.lines.map((l) => l.quantity)).toEqual([1]);
    expect(result.changes).toEqual([]);
  });

  it('grows only the matching line when the cart holds several', () => {
    const lines = [line('mug', 1), line('shirt', 1)];
    expect(addToCart(lines, line('shirt', 2), 10).map((l) => `${l.productId}×${String(l.quantity)}`)).toEqual(['mug×1', 'shirt×3']);
  });
});

describe('lineMaxUnits', () => {
  it('is the stock, cut to what the order cap leaves after the other lines', () => {
    const cases: [number, number, number, number][] = [
      // stock, other lines' units, cap, most units for the line
      [5, 0, 10, 5],
      [50, 0, 10, 10],
      [50, 4, 10, 6],
      [50, 10, 10, 0],
      [50, 12, 10, 0],
      [0, 0, 10, 0],
      [3.7, 0, 10, 3],
      [Number.NaN, 0, 10, 0],
    ];
    for (const [stock, others, cap, expected] of cases) expect(lineMaxUnits(stock, others, cap)).toBe(expected);
  });
});

describe('orderCapProblem', () => {
  it('names a line above the cap, then a cart above it, else nothing', () => {
    expect(orderCapProblem([2, 500], 10)).toBe('Line 2: quantity 500 is more than the 10 one order may hold.');
    expect(orderCapProblem([11], 10)).toBe('Line 1: quantity 11 is more than the 10 one order may hold.');
    expect(orderCapProblem([6, 5], 10)).toBe('The cart holds 11 items; one order may hold at most 10.');
    expect(orderCapProblem([10], 10)).toBeUndefined();
    expect(orderCapProblem([4, 6], 10)).toBeUndefined();
    expect(orderCapProblem([], 10)).toBeUndefined();
  });
});
