import type { checkoutLimits as SharedCheckoutLimits } from '../../../shared/orders';
import type {
  getProduct as SharedGetProduct,
  listProducts as SharedListProducts,
  lookupProducts as SharedLookupProducts,
} from '../../../shared/products';
import { array, number, object, string, type FirstLoadEndpoint } from '../../lib/first-load-schemas';

// The shop's first load without zod (decision 183): first-load twins of the three product
// endpoints it reads before the shopper does anything (the catalogue page, the stored cart's
// check, and a product's details). first-load-products.test.ts checks that each accepts and
// refuses exactly what the shared schema does, with the same output and types.

/** `ProductSchema` of src/shared/products.ts: one product as the shop sees it (price in dollars). */
export const ProductSchema = object({
  id: string(),
  productName: string(),
  productCode: string(),
  description: string(),
  price: number(),
  imageURL: string(),
  quantityInStock: number({ int: true, min: 0 }),
  shirtSizes: array(string()),
  shirtColors: array(string()),
  vinylColors: array(string()),
});

/** `ProductPageSchema` of src/shared/products.ts (`numberedPageSchema` of src/shared/page.ts). */
export const ProductPageSchema = object({
  items: array(ProductSchema),
  total: number({ int: true, min: 0 }),
  page: number({ int: true, min: 1 }),
  pageSize: number({ int: true, min: 1 }),
});

export const listProducts: FirstLoadEndpoint<typeof SharedListProducts> = {
  method: 'GET',
  path: '/api/products',
  response: ProductPageSchema,
};

export const lookupProducts: FirstLoadEndpoint<typeof SharedLookupProducts> = {
  method: 'GET',
  path: '/api/products/lookup',
  response: object({ items: array(ProductSchema) }),
};

export const getProduct: FirstLoadEndpoint<typeof SharedGetProduct> = {
  method: 'GET',
  path: '/api/products/:id',
  response: ProductSchema,
};

/** `CheckoutLimitsSchema` of src/shared/orders.ts: the caps the cart applies (decision 192). */
export const checkoutLimits: FirstLoadEndpoint<typeof SharedCheckoutLimits> = {
  method: 'GET',
  path: '/api/checkout/limits',
  response: object({ maxUnitsPerOrder: number({ int: true, min: 1 }), maxHeldUnitsPerAddress: number({ int: true, min: 1 }) }),
};
