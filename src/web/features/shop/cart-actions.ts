import {
  addToCart,
  cartCount,
  lineMaxUnits,
  reconcileCart,
  removeLine,
  sameLine,
  setLineQuantity,
  type CartChange,
} from '../../../domain/cart';
import { subtotalCents } from '../../../domain/pricing';
import { chosen, type SelectedOptions } from '../../../domain/product-options';
import { cartStore, snapshotOf, type StoredCartLine } from './cart-store';
import type { ShopProduct } from './wire';

// The cart's changes (the shop's pages and dialogs): apart from cart-store.ts, which every first
// load reads for the navigation's badge.

export function cartSubtotalCents(lines: readonly StoredCartLine[]): number {
  return subtotalCents(lines.map((line) => ({ unitPriceCents: line.product.priceCents, quantity: line.quantity })));
}

/**
 * Adds `quantity` of a product with the chosen options: an identical line grows, capped at the
 * product's stock and at what one order may still hold besides the cart's other lines
 * (`maxUnitsPerOrder`, decision 192). Returns the line's quantity afterwards and what cut it
 * short (`capped`): the stock, the order cap, or nothing (false).
 */
export function addProductToCart(
  product: ShopProduct,
  selected: SelectedOptions,
  quantity: number,
  maxUnitsPerOrder = Number.POSITIVE_INFINITY,
): { lineQuantity: number; capped: false | 'stock' | 'order' } {
  const line = {
    productId: product.id,
    shirtSize: chosen(selected.shirtSize),
    shirtColor: chosen(selected.shirtColor),
    vinylColor: chosen(selected.vinylColor),
    quantity,
    product: snapshotOf(product),
  };
  const before = cartStore.get();
  const existing = before.find((current) => sameLine(current, line))?.quantity ?? 0;
  const others = cartCount(before) - existing;
  const max = lineMaxUnits(product.quantityInStock, others, maxUnitsPerOrder);
  // A line never shrinks by adding: at the cap, it keeps what it holds.
  const lines = addToCart(before, line, Math.max(max, existing));
  cartStore.set(lines);
  const wanted = existing + quantity;
  const lineQuantity = lines.find((current) => sameLine(current, line))?.quantity ?? 0;
  if (lineQuantity >= wanted) return { lineQuantity, capped: false };
  return { lineQuantity, capped: maxUnitsPerOrder - others < product.quantityInStock ? 'order' : 'stock' };
}

/** Sets a line's quantity, at most its stock and what the order cap leaves after the other lines. */
export function setCartLineQuantity(index: number, quantity: number, maxUnitsPerOrder = Number.POSITIVE_INFINITY): void {
  cartStore.set((lines) => {
    const current = lines[index];
    if (current === undefined) return lines;
    const max = lineMaxUnits(current.product.quantityInStock, cartCount(lines) - current.quantity, maxUnitsPerOrder);
    return setLineQuantity(lines, index, quantity, Math.max(1, max));
  });
}

export function removeCartLine(index: number): void {
  cartStore.set((lines) => removeLine(lines, index));
}

export function clearCart(): void {
  cartStore.set([]);
}

export type CartNotice = CartChange & { productName: string };

/**
 * Brings the stored cart in line with the current products of `checkedIds`: lines of products
 * that are gone (missing from `current`) are removed, quantities above stock are reduced, and
 * snapshots (price, name, image, stock) are refreshed. Lines of products that were not checked
 * (added while the check was under way) are left alone. Returns what changed, for the shopper.
 */
export function reconcileStoredCart(checkedIds: ReadonlySet<string>, current: ReadonlyMap<string, ShopProduct>): CartNotice[] {
  const lines = cartStore.get();
  const names = new Map(lines.map((line) => [line.productId, line.product.productName]));
  const { lines: kept, changes } = reconcileCart(lines, (productId) => {
    const product = current.get(productId);
    if (product !== undefined) return { stock: product.quantityInStock, available: true };
    if (checkedIds.has(productId)) return undefined;
    const snapshot = lines.find((line) => line.productId === productId)?.product;
    return { stock: snapshot?.quantityInStock ?? 0, available: true };
  });
  const refreshed = kept.map((line) => {
    const product = current.get(line.productId);
    return product === undefined ? line : { ...line, product: snapshotOf(product) };
  });
  if (JSON.stringify(refreshed) !== JSON.stringify(lines)) cartStore.set(refreshed);
  return changes.map((change) => ({ ...change, productName: names.get(change.productId) ?? 'A product' }));
}
