import { dollarsToCents } from '../../../domain/format';
import { array, number, nullable, object, string, transform, union, type Infer } from '../../lib/first-load-schemas';
import { createLocalStore } from '../../lib/local-store';
import type { ShopProduct } from './wire';

/**
 * What a cart line keeps of its product, field by field with its first-load validator: the one
 * list of the snapshot's fields (the type below and `snapshotOf` are derived from it).
 */
const snapshotShape = {
  id: string(),
  productName: string(),
  productCode: string(),
  priceCents: number({ int: true, min: 0 }),
  imageURL: string(),
  quantityInStock: number({ int: true }),
};
/** A pick of the product (whose type comes from the shared ProductSchema); the test checks the validator outputs exactly this. */
export type CartProductSnapshot = Pick<ShopProduct, keyof typeof snapshotShape>;
const SNAPSHOT_KEYS = Object.keys(snapshotShape) as (keyof CartProductSnapshot)[];

const { priceCents: _cents, ...beforeCents } = snapshotShape;
/** The product snapshot kept with a cart line, its price in integer cents. */
const CartProductSnapshotSchema = union(
  object(snapshotShape),
  // Carts stored before cents: the wire's `price` in dollars, converted once as they load.
  transform(object({ ...beforeCents, price: number({ min: 0 }) }), ({ price, ...rest }) => {
    const priceCents = dollarsToCents(price);
    return priceCents === null ? undefined : { ...rest, priceCents };
  }),
);

/**
 * One stored cart line: the product snapshot shown in the cart plus the chosen options. A
 * first-load validator, not zod: the navigation's cart badge reads this store on every first render.
 */
export const StoredCartLineSchema = object({
  productId: string(),
  quantity: number({ int: true, min: 1 }),
  shirtSize: nullable(string()),
  shirtColor: nullable(string()),
  vinylColor: nullable(string()),
  product: CartProductSnapshotSchema,
});
export type StoredCartLine = Infer<typeof StoredCartLineSchema>;

export const cartStore = createLocalStore<StoredCartLine[]>('cart', array(StoredCartLineSchema), []);

/** The cart lines, re-rendering on every change (this tab or another). */
export function useCart(): StoredCartLine[] {
  return cartStore.use();
}

/**
 * The number of items in the cart (sum of quantities), for the navigation badge. The cart's
 * changes are in cart-actions.ts, loaded with the shop: only this store is in every first load.
 */
export function useCartCount(): number {
  return cartStore.use().reduce((sum, line) => sum + line.quantity, 0);
}

export function snapshotOf(product: ShopProduct): CartProductSnapshot {
  return Object.fromEntries(SNAPSHOT_KEYS.map((key) => [key, product[key]])) as CartProductSnapshot;
}
