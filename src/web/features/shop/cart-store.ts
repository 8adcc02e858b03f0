import { z } from 'zod';
import {
  addToCart,
  cartCount,
  reconcileCart,
  removeLine,
  sameLine,
  setLineQuantity,
  type CartChange,
} from '../../../domain/cart';
import { dollarsToCents } from '../../../domain/format';
import { subtotalCents } from '../../../domain/pricing';
import type { SelectedOptions } from '../../../domain/product-options';
import type { Product } from '../../../shared/products';
import { createLocalStore } from '../../lib/local-store';

/** One stored cart line: the product snapshot shown in the cart plus the chosen options. */
export const StoredCartLineSchema = z.object({
  productId: z.string(),
  quantity: z.number().int().positive(),
  shirtSize: z.string().nullable(),
  shirtColor: z.string().nullable(),
  vinylColor: z.string().nullable(),
  product: z.object({
    id: z.string(),
    productName: z.string(),
    productCode: z.string(),
    price: z.number(),
    imageURL: z.string(),
    quantityInStock: z.number().int(),
  }),
});
export type StoredCartLine = z.infer<typeof StoredCartLineSchema>;
export type CartProductSnapshot = StoredCartLine['product'];

export const cartStore = createLocalStore<StoredCartLine[]>('cart', z.array(StoredCartLineSchema), []);

/** The cart lines, re-rendering on every change (this tab or another). */
export function useCart(): StoredCartLine[] {
  return cartStore.use();
}

/** The number of items in the cart (sum of quantities), for the navigation badge. */
export function useCartCount(): number {
  return cartCount(cartStore.use());
}

function snapshotOf(product: Product): CartProductSnapshot {
  return {
    id: product.id,
    productName: product.productName,
    productCode: product.productCode,
    price: product.price,
    imageURL: product.imageURL,
    quantityInStock: product.quantityInStock,
  };
}

/** A line's unit price in cents (the snapshot holds dollars, as the wire does). */
export function unitPriceCents(line: StoredCartLine): number {
  return dollarsToCents(line.product.price) ?? 0;
}

export function cartSubtotalCents(lines: readonly StoredCartLine[]): number {
  return subtotalCents(lines.map((line) => ({ unitPriceCents: unitPriceCents(line), quantity: line.quantity })));
}

const chosen = (value: string | null | undefined): string | null => (value === undefined || value === '' ? null : value);

/**
 * Adds `quantity` of a product with the chosen options: an identical line grows, capped at the
 * product's stock. Returns the line's quantity afterwards and whether the cap cut it short.
 */
export function addProductToCart(
  product: Product,
  selected: SelectedOptions,
  quantity: number,
): { lineQuantity: number; capped: boolean } {
  const line = {
    productId: product.id,
    shirtSize: chosen(selected.shirtSize),
    shirtColor: chosen(selected.shirtColor),
    vinylColor: chosen(selected.vinylColor),
    quantity,
    product: snapshotOf(product),
  };
  const before = cartStore.get();
  const lines = addToCart(before, line, product.quantityInStock);
  cartStore.set(lines);
  const wanted = (before.find((existing) => sameLine(existing, line))?.quantity ?? 0) + quantity;
  const lineQuantity = lines.find((existing) => sameLine(existing, line))?.quantity ?? 0;
  return { lineQuantity, capped: lineQuantity < wanted };
}

export function setCartLineQuantity(index: number, quantity: number): void {
  cartStore.set((lines) => setLineQuantity(lines, index, quantity, lines[index]?.product.quantityInStock ?? 1));
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
export function reconcileStoredCart(checkedIds: ReadonlySet<string>, current: ReadonlyMap<string, Product>): CartNotice[] {
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
