export const DELIVERY_FEE_CENTS = 599;
export const FREE_DELIVERY_FROM_CENTS = 5000;
/** 10.75 % expressed in hundredths of a percent, to keep tax in integer arithmetic. */
export const TAX_RATE_BASIS_POINTS = 1075;
const BASIS_POINTS = 10_000;

export type Totals = {
  subtotalCents: number;
  deliveryCents: number;
  freeDelivery: boolean;
  taxCents: number;
  totalCents: number;
};

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}

/** Estimated tax, rounded half up to the cent. Final tax is the payment provider's. */
export function taxEstimateCents(subtotalCents: number): number {
  assertCents(subtotalCents, 'subtotalCents');
  return Math.floor((subtotalCents * TAX_RATE_BASIS_POINTS + BASIS_POINTS / 2) / BASIS_POINTS);
}

/** An empty cart (subtotal 0) costs nothing: no delivery fee and not "free delivery" either. */
export function estimateTotals(subtotalCents: number): Totals {
  assertCents(subtotalCents, 'subtotalCents');
  if (subtotalCents === 0) {
    return { subtotalCents: 0, deliveryCents: 0, freeDelivery: false, taxCents: 0, totalCents: 0 };
  }
  const freeDelivery = subtotalCents >= FREE_DELIVERY_FROM_CENTS;
  const deliveryCents = freeDelivery ? 0 : DELIVERY_FEE_CENTS;
  const taxCents = taxEstimateCents(subtotalCents);
  return {
    subtotalCents,
    deliveryCents,
    freeDelivery,
    taxCents,
    totalCents: subtotalCents + deliveryCents + taxCents,
  };
}

export function lineTotalCents(unitPriceCents: number, quantity: number): number {
  assertCents(unitPriceCents, 'unitPriceCents');
  assertCents(quantity, 'quantity');
  return unitPriceCents * quantity;
}

export function subtotalCents(lines: readonly { unitPriceCents: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line.unitPriceCents, line.quantity), 0);
}
