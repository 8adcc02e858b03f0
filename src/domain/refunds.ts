import { optionsText } from './product-options';

// Partial refunds (decision 192): which units of an order a refund gives back and how much money.
// Pure rules over integer cents; prices are the order's own (as charged), never the catalogue's.

/** One line of an order as a refund sees it. */
export type RefundableLine = { productName: string; quantity: number; refundedQuantity: number; unitPriceCents: number };

/** The order's money and lines. */
export type RefundableOrder = {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  refundedCents: number;
  lines: readonly RefundableLine[];
};

/** What an admin asks back: a line (1 = the order's first) and how many of its units. */
export type WantedRefundLine = { line: number; quantity: number };

/** A line of a planned refund: the order line's position (0-based) and its units. */
export type PlannedRefundLine = { position: number; quantity: number };

export type RefundPlan = {
  lines: PlannedRefundLine[];
  /** The items' price: unit price × units, summed. */
  itemsCents: number;
  /** What the provider refunds: the items and their share of the tax, or all that is left. */
  amountCents: number;
  /** After it, every unit of the order is refunded: the order becomes refunded. */
  rest: boolean;
};

export type RefundPlanResult = { ok: true; plan: RefundPlan } | { ok: false; problem: string };

const remainingOf = (line: RefundableLine) => line.quantity - line.refundedQuantity;
const label = (line: RefundableLine, position: number) => `Line ${position + 1} (${line.productName})`;

/** Round half up of numerator / denominator (both non-negative, denominator > 0). */
function roundedShare(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The tax that belongs to `itemsCents` of the order's subtotal: the order's tax (the provider's
 * final figure) shared out by price, rounded half up to the cent.
 */
export function taxShareCents(taxCents: number, itemsCents: number, subtotalCents: number): number {
  if (subtotalCents <= 0) return 0;
  return roundedShare(taxCents * itemsCents, subtotalCents);
}

/**
 * Plans a refund of `wanted` (every unit not yet refunded when undefined), or says why it cannot
 * be made: a line the order does not have, a line named twice, more units than were bought, or
 * units refunded already. A refund that leaves nothing unrefunded gives back all the money that is
 * left (delivery and rounding included), so the refunds of an order always add up to its total.
 */
export function planRefund(order: RefundableOrder, wanted?: readonly WantedRefundLine[]): RefundPlanResult {
  const asked: PlannedRefundLine[] =
    wanted === undefined
      ? order.lines.map((line, position) => ({ position, quantity: remainingOf(line) })).filter((line) => line.quantity > 0)
      : wanted.map((line) => ({ position: line.line - 1, quantity: line.quantity }));
  if (asked.length === 0) return { ok: false, problem: 'Nothing is left to refund on this order.' };

  const seen = new Set<number>();
  for (const { position, quantity } of asked) {
    const line = order.lines[position];
    if (line === undefined) {
      const count = order.lines.length;
      return { ok: false, problem: `Line ${position + 1}: this order has ${count} ${count === 1 ? 'line' : 'lines'}.` };
    }
    if (seen.has(position)) return { ok: false, problem: `${label(line, position)} is named twice: name each line once.` };
    seen.add(position);
    if (quantity > line.quantity) {
      return { ok: false, problem: `${label(line, position)}: ${quantity} to refund, but only ${line.quantity} bought.` };
    }
    if (quantity > remainingOf(line)) {
      const left = remainingOf(line);
      return {
        ok: false,
        problem:
          left === 0
            ? `${label(line, position)}: all ${line.quantity} were refunded already.`
            : `${label(line, position)}: ${line.refundedQuantity} of ${line.quantity} were refunded already; at most ${left} more can be.`,
      };
    }
  }

  const itemsCents = asked.reduce((sum, { position, quantity }) => sum + (order.lines[position]?.unitPriceCents ?? 0) * quantity, 0);
  const unitsLeft = order.lines.reduce((sum, line) => sum + remainingOf(line), 0) - asked.reduce((sum, line) => sum + line.quantity, 0);
  const moneyLeft = Math.max(0, order.totalCents - order.refundedCents);
  const rest = unitsLeft === 0;
  const amountCents = rest ? moneyLeft : Math.min(moneyLeft, itemsCents + taxShareCents(order.taxCents, itemsCents, order.subtotalCents));
  return { ok: true, plan: { lines: asked, itemsCents, amountCents, rest } };
}

/** Whether two refunds cover the same lines and units (a retry of an unconfirmed refund). */
export function sameRefundLines(a: readonly PlannedRefundLine[], b: readonly PlannedRefundLine[]): boolean {
  const key = (lines: readonly PlannedRefundLine[]) =>
    lines
      .map((line) => `${line.position}:${line.quantity}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}

type NamedItem = { productName: string; shirtSize: string | null; shirtColor: string | null; vinylColor: string | null };

/** What a refund gives back, in words: "1 × Classic Tee (Size M), 2 × Poster". */
export function refundedItemsText(items: readonly NamedItem[], lines: readonly PlannedRefundLine[]): string {
  return lines
    .map(({ position, quantity }) => {
      const item = items[position];
      if (item === undefined) return `${quantity} × line ${position + 1}`;
      const options = optionsText(item);
      return `${quantity} × ${item.productName}${options === '' ? '' : ` (${options})`}`;
    })
    .join(', ');
}
