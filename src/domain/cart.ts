export type CartLineKey = {
  productId: string;
  shirtSize: string | null;
  shirtColor: string | null;
  vinylColor: string | null;
};

/** `product` is an opaque snapshot kept for display; prices are always re-read on the server. */
export type CartLine<P> = CartLineKey & { quantity: number; product: P };

export type StockInfo = { stock: number; available: boolean };

export type CartChange = {
  productId: string;
  change: 'removed' | 'reduced';
  from: number;
  to: number;
};

export function sameLine(a: CartLineKey, b: CartLineKey): boolean {
  return a.productId === b.productId && a.shirtSize === b.shirtSize && a.shirtColor === b.shirtColor && a.vinylColor === b.vinylColor;
}

/** Whole units, at least 1 and at most maxQuantity (when maxQuantity allows 1 at all). */
export function clampQuantity(quantity: number, maxQuantity: number): number {
  const whole = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  const max = Number.isFinite(maxQuantity) ? Math.floor(maxQuantity) : 1;
  return Math.max(1, Math.min(whole, max));
}

/**
 * An identical line (same product and options) grows, capped at maxQuantity; anything else is
 * appended. Nothing is added when maxQuantity is below 1 (out of stock).
 */
export function addToCart<P>(lines: readonly CartLine<P>[], line: CartLine<P>, maxQuantity: number): CartLine<P>[] {
  if (!(maxQuantity >= 1)) return [...lines];
  const index = lines.findIndex((existing) => sameLine(existing, line));
  const existing = lines[index];
  if (existing === undefined) {
    return [...lines, { ...line, quantity: clampQuantity(line.quantity, maxQuantity) }];
  }
  const quantity = clampQuantity(existing.quantity + line.quantity, maxQuantity);
  return lines.map((current, i) => (i === index ? { ...line, quantity } : current));
}

export function setLineQuantity<P>(lines: readonly CartLine<P>[], index: number, quantity: number, maxQuantity: number): CartLine<P>[] {
  return lines.map((line, i) => (i === index ? { ...line, quantity: clampQuantity(quantity, maxQuantity) } : line));
}

export function removeLine<P>(lines: readonly CartLine<P>[], index: number): CartLine<P>[] {
  return lines.filter((_, i) => i !== index);
}

export function cartCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The quantity dropdown: 1 up to the stock; nothing when out of stock. */
export function quantityChoices(stock: number): number[] {
  const max = Number.isFinite(stock) ? Math.floor(stock) : 0;
  return max < 1 ? [] : Array.from({ length: max }, (_, i) => i + 1);
}

/**
 * Brings a stored cart in line with current products: identical lines are merged, lines of
 * missing, unavailable or sold-out products (or with no whole quantity) are removed, and
 * quantities above stock are reduced. Stock is checked per line, as the quantity picker does.
 */
export function reconcileCart<P>(
  lines: readonly CartLine<P>[],
  lookup: (productId: string) => StockInfo | undefined,
): { lines: CartLine<P>[]; changes: CartChange[] } {
  const merged: CartLine<P>[] = [];
  for (const line of lines) {
    const quantity = Number.isFinite(line.quantity) ? Math.floor(line.quantity) : 0;
    const index = merged.findIndex((existing) => sameLine(existing, line));
    const existing = merged[index];
    if (existing === undefined) merged.push({ ...line, quantity });
    else merged[index] = { ...existing, quantity: existing.quantity + quantity };
  }

  const kept: CartLine<P>[] = [];
  const changes: CartChange[] = [];
  for (const line of merged) {
    const info = lookup(line.productId);
    const stock = info !== undefined && info.available ? Math.floor(info.stock) : 0;
    if (!(stock >= 1) || line.quantity < 1) {
      changes.push({ productId: line.productId, change: 'removed', from: line.quantity, to: 0 });
    } else if (line.quantity > stock) {
      changes.push({ productId: line.productId, change: 'reduced', from: line.quantity, to: stock });
      kept.push({ ...line, quantity: stock });
    } else {
      kept.push(line);
    }
  }
  return { lines: kept, changes };
}

/**
 * The most units one line may hold (decision 192): its product's stock, and what the order cap
 * leaves after the cart's other lines. Never below 0.
 */
export function lineMaxUnits(stock: number, otherLinesUnits: number, maxUnitsPerOrder: number): number {
  const byStock = Number.isFinite(stock) ? Math.floor(stock) : 0;
  return Math.max(0, Math.min(byStock, maxUnitsPerOrder - otherLinesUnits));
}

/**
 * Why a cart cannot be one order under the cap (decision 192), in the shopper's terms: a line
 * larger than the cap, or lines that add up to more. Undefined when it is within the cap.
 */
export function orderCapProblem(quantities: readonly number[], maxUnitsPerOrder: number): string | undefined {
  const index = quantities.findIndex((quantity) => quantity > maxUnitsPerOrder);
  if (index >= 0) return `Line ${index + 1}: quantity ${quantities[index]} is more than the ${maxUnitsPerOrder} one order may hold.`;
  const total = quantities.reduce((sum, quantity) => sum + quantity, 0);
  if (total > maxUnitsPerOrder) return `The cart holds ${total} items; one order may hold at most ${maxUnitsPerOrder}.`;
  return undefined;
}
