import { z } from 'zod';
import { cartCount } from '../../../domain/cart';
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

export const cartStore = createLocalStore<StoredCartLine[]>('cart', z.array(StoredCartLineSchema), []);

/** The number of items in the cart (sum of quantities), for the navigation badge. */
export function useCartCount(): number {
  return cartCount(cartStore.use());
}
