import { describe, expect, it } from 'vitest';
import { planRefund, refundedItemsText, sameRefundLines, taxShareCents, type RefundableOrder } from './refunds';

// A fictional order: 2 tees at $25.00 and 1 poster at $12.00; subtotal $62.00, free delivery,
// tax $6.67 (10.75 %), total $68.67.
function order(overrides: Partial<RefundableOrder> = {}): RefundableOrder {
  return {
    subtotalCents: 6200,
    taxCents: 667,
    totalCents: 6867,
    refundedCents: 0,
    lines: [
      { productName: 'Classic Tee', quantity: 2, refundedQuantity: 0, unitPriceCents: 2500 },
      { productName: 'Poster', quantity: 1, refundedQuantity: 0, unitPriceCents: 1200 },
    ],
    ...overrides,
  };
}

describe('taxShareCents', () => {
  it('shares the tax by price, rounded half up', () => {
    expect(taxShareCents(667, 2500, 6200)).toBe(269); // 268.95
    expect(taxShareCents(667, 1200, 6200)).toBe(129); // 129.10
    expect(taxShareCents(100, 1, 2)).toBe(50);
    expect(taxShareCents(1, 1, 2)).toBe(1); // 0.5 rounds up
    expect(taxShareCents(1, 1, 3)).toBe(0); // 0.33 rounds down
    expect(taxShareCents(667, 6200, 6200)).toBe(667);
  });

  it('is 0 for an order without a subtotal', () => {
    expect(taxShareCents(500, 100, 0)).toBe(0);
  });
});

describe('planRefund', () => {
  it('refunds one unit of a line: its price and its share of the tax', () => {
    expect(planRefund(order(), [{ line: 1, quantity: 1 }])).toEqual({
      ok: true,
      plan: { lines: [{ position: 0, quantity: 1 }], itemsCents: 2500, amountCents: 2769, rest: false },
    });
  });

  it('refunds several lines at once', () => {
    const result = planRefund(order(), [
      { line: 2, quantity: 1 },
      { line: 1, quantity: 1 },
    ]);
    expect(result).toEqual({
      ok: true,
      plan: {
        lines: [
          { position: 1, quantity: 1 },
          { position: 0, quantity: 1 },
        ],
        itemsCents: 3700,
        amountCents: 3700 + 398, // 398.05
        rest: false,
      },
    });
  });

  it('without lines refunds every unit not refunded yet, and all the money left', () => {
    expect(planRefund(order())).toEqual({
      ok: true,
      plan: {
        lines: [
          { position: 0, quantity: 2 },
          { position: 1, quantity: 1 },
        ],
        itemsCents: 6200,
        amountCents: 6867,
        rest: true,
      },
    });
    const partly = order({
      refundedCents: 2769,
      lines: [
        { productName: 'Classic Tee', quantity: 2, refundedQuantity: 1, unitPriceCents: 2500 },
        { productName: 'Poster', quantity: 1, refundedQuantity: 0, unitPriceCents: 1200 },
      ],
    });
    expect(planRefund(partly)).toEqual({
      ok: true,
      plan: {
        lines: [
          { position: 0, quantity: 1 },
          { position: 1, quantity: 1 },
        ],
        itemsCents: 3700,
        amountCents: 6867 - 2769,
        rest: true,
      },
    });
  });

  it('the last units give back what is left, delivery included: the refunds add up to the total', () => {
    const withDelivery = order({ subtotalCents: 2500, taxCents: 269, totalCents: 2500 + 599 + 269 });
    const single = { ...withDelivery, lines: [{ productName: 'Classic Tee', quantity: 2, refundedQuantity: 0, unitPriceCents: 1250 }] };
    const first = planRefund(single, [{ line: 1, quantity: 1 }]);
    expect(first).toEqual({
      ok: true,
      plan: { lines: [{ position: 0, quantity: 1 }], itemsCents: 1250, amountCents: 1250 + 135, rest: false },
    });
    const after = {
      ...single,
      refundedCents: 1385,
      lines: [{ productName: 'Classic Tee', quantity: 2, refundedQuantity: 1, unitPriceCents: 1250 }],
    };
    const second = planRefund(after, [{ line: 1, quantity: 1 }]);
    expect(second).toEqual({
      ok: true,
      plan: { lines: [{ position: 0, quantity: 1 }], itemsCents: 1250, amountCents: 3368 - 1385, rest: true },
    });
  });

  it('never plans more money than is left', () => {
    const overRefunded = order({ refundedCents: 6000 });
    const result = planRefund(overRefunded, [{ line: 1, quantity: 1 }]);
    expect(result.ok && result.plan.amountCents).toBe(867);
    expect(planRefund(order({ refundedCents: 9000 }))).toMatchObject({ ok: true, plan: { amountCents: 0 } });
  });

  it('refuses what cannot be refunded, saying why', () => {
    const partly = order({
      lines: [
        { productName: 'Classic Tee', quantity: 2, refundedQuantity: 1, unitPriceCents: 2500 },
        { productName: 'Poster', quantity: 1, refundedQuantity: 1, unitPriceCents: 1200 },
      ],
    });
    const cases: [RefundableOrder, { line: number; quantity: number }[] | undefined, string][] = [
      [order(), [{ line: 3, quantity: 1 }], 'Line 3: this order has 2 lines.'],
      [order(), [{ line: 0, quantity: 1 }], 'Line 0: this order has 2 lines.'],
      [order({ lines: order().lines.slice(0, 1) }), [{ line: 2, quantity: 1 }], 'Line 2: this order has 1 line.'],
      [
        order(),
        [
          { line: 1, quantity: 1 },
          { line: 1, quantity: 1 },
        ],
        'Line 1 (Classic Tee) is named twice: name each line once.',
      ],
      [order(), [{ line: 1, quantity: 3 }], 'Line 1 (Classic Tee): 3 to refund, but only 2 bought.'],
      [partly, [{ line: 1, quantity: 2 }], 'Line 1 (Classic Tee): 1 of 2 were refunded already; at most 1 more can be.'],
      [partly, [{ line: 2, quantity: 1 }], 'Line 2 (Poster): all 1 were refunded already.'],
      [order(), [], 'Nothing is left to refund on this order.'],
      [
        order({ lines: order().lines.map((line) => ({ ...line, refundedQuantity: line.quantity })) }),
        undefined,
        'Nothing is left to refund on this order.',
      ],
    ];
    for (const [subject, wanted, problem] of cases) expect(planRefund(subject, wanted)).toEqual({ ok: false, problem });
  });
});

describe('sameRefundLines', () => {
  it('compares lines and units in any order', () => {
    const a = [
      { position: 0, quantity: 1 },
      { position: 1, quantity: 2 },
    ];
    expect(sameRefundLines(a, a.toReversed())).toBe(true);
    expect(sameRefundLines(a, [{ position: 0, quantity: 1 }])).toBe(false);
    expect(sameRefundLines(a, [a[0] ?? { position: 0, quantity: 1 }, { position: 1, quantity: 1 }])).toBe(false);
    expect(sameRefundLines([], [])).toBe(true);
  });
});

describe('refundedItemsText', () => {
  it('names each line with its options and units', () => {
    const items = [
      { productName: 'Classic Tee', shirtSize: 'M', shirtColor: 'Black', vinylColor: null },
      { productName: 'Poster', shirtSize: null, shirtColor: null, vinylColor: null },
    ];
    expect(
      refundedItemsText(items, [
        { position: 0, quantity: 1 },
        { position: 1, quantity: 2 },
      ]),
    ).toBe('1 × Classic Tee (Size M · Black), 2 × Poster');
    expect(refundedItemsText(items, [{ position: 5, quantity: 1 }])).toBe('1 × line 6');
    expect(refundedItemsText(items, [])).toBe('');
  });
});
