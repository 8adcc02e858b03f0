import { describe, expect, expectTypeOf, it } from 'vitest';
import { expectTwinAgrees } from '../../test/twins';
import type { z } from 'zod';
import {
  getProduct as sharedGetProduct,
  listProducts as sharedListProducts,
  lookupProducts as sharedLookupProducts,
  ProductPageSchema as SharedProductPageSchema,
  ProductSchema as SharedProductSchema,
  type Product,
  type ProductPage,
} from '../../../shared/products';
import { callApi } from '../../lib/api-client';
import type { Infer } from '../../lib/first-load-schemas';
import { checkoutLimits as sharedCheckoutLimits } from '../../../shared/orders';
import { checkoutLimits, getProduct, listProducts, lookupProducts, ProductPageSchema, ProductSchema } from './first-load-products';

// The shop's first-load twins must accept and refuse exactly what the shared contract does.

const tee: Product = {
  id: '10000000-0000-4000-8000-000000000001',
  productName: 'Fictional Tee',
  productCode: 'TEE-1',
  description: 'Made up for a test.',
  price: 24.99,
  imageURL: '/api/product-images/tee.webp',
  quantityInStock: 9,
  shirtSizes: ['S', 'M'],
  shirtColors: ['Red'],
  vinylColors: [],
};
const without = (key: keyof Product): Record<string, unknown> => Object.fromEntries(Object.entries(tee).filter(([name]) => name !== key));

const products: [string, unknown][] = [
  ['a product', tee],
  ['a product without options', { ...tee, shirtSizes: [], shirtColors: [] }],
  ['a vinyl', { ...tee, shirtSizes: [], shirtColors: [], vinylColors: ['Black', 'Clear'] }],
  ['sold out', { ...tee, quantityInStock: 0 }],
  ['a whole-dollar price', { ...tee, price: 10 }],
  ['a zero price', { ...tee, price: 0 }],
  ['a negative price (left to the server)', { ...tee, price: -1 }],
  ['empty strings', { ...tee, id: '', productName: '', productCode: '', description: '', imageURL: '' }],
  ['an extra field (stripped)', { ...tee, isActive: true, updatedAt: '2026-01-01' }],
  ['negative stock', { ...tee, quantityInStock: -1 }],
  ['fractional stock', { ...tee, quantityInStock: 1.5 }],
  ['stock as a string', { ...tee, quantityInStock: '9' }],
  ['a price as a string', { ...tee, price: '24.99' }],
  ['an infinite price', { ...tee, price: Infinity }],
  ['a NaN price', { ...tee, price: Number.NaN }],
  ['no price', without('price')],
  ['no description', without('description')],
  ['no vinyl colours', without('vinylColors')],
  ['an option that is not a string', { ...tee, shirtSizes: ['S', 2] }],
  ['options as a string', { ...tee, shirtColors: 'Red' }],
  ['a numeric id', { ...tee, id: 1 }],
  ['null', null],
  ['an array', [tee]],
  ['a string', 'tee'],
];

const page = { items: [tee, { ...tee, id: '10000000-0000-4000-8000-000000000002' }], total: 9, page: 1, pageSize: 4 };
const pages: [string, unknown][] = [
  ['a page', page],
  ['an empty catalogue', { items: [], total: 0, page: 1, pageSize: 4 }],
  ['the last page', { ...page, page: 3 }],
  ['extra fields (stripped)', { ...page, next: 2 }],
  ['a bad product', { ...page, items: [tee, { ...tee, quantityInStock: -1 }] }],
  ['a null product', { ...page, items: [null] }],
  ['a negative total', { ...page, total: -1 }],
  ['a fractional total', { ...page, total: 1.5 }],
  ['page 0', { ...page, page: 0 }],
  ['page size 0', { ...page, pageSize: 0 }],
  ['a page number as a string', { ...page, page: '1' }],
  ['no total', { items: page.items, page: 1, pageSize: 4 }],
  ['no items', { total: 0, page: 1, pageSize: 4 }],
  ['a bare array', page.items],
  ['null', null],
];

const lookups: [string, unknown][] = [
  ['products', { items: [tee] }],
  ['none', { items: [] }],
  ['extra fields (stripped)', { items: [tee], total: 1 }],
  ['a bad product', { items: [{ ...tee, price: '1' }] }],
  ['a bare array', [tee]],
  ['no items', {}],
];

const limits: [string, unknown][] = [
  ['the defaults', { maxUnitsPerOrder: 10, maxHeldUnitsPerAddress: 20 }],
  ['extra fields (stripped)', { maxUnitsPerOrder: 1, maxHeldUnitsPerAddress: 1, note: 'x' }],
  ['a zero cap', { maxUnitsPerOrder: 0, maxHeldUnitsPerAddress: 20 }],
  ['a fractional cap', { maxUnitsPerOrder: 2.5, maxHeldUnitsPerAddress: 20 }],
  ['a cap as a string', { maxUnitsPerOrder: '10', maxHeldUnitsPerAddress: 20 }],
  ['no address cap', { maxUnitsPerOrder: 10 }],
  ['null', null],
];

/** A twin is called with its shared endpoint's typed options (type-checked, never run; see api-client.types.test.ts). */
function calls(): unknown[] {
  expectTypeOf(callApi(getProduct, { params: { id: 'a' } })).resolves.toEqualTypeOf<Product>();
  return [
    callApi(getProduct, { params: { id: 'a' } }),
    callApi(listProducts, { query: { page: 2, pageSize: 4 } }),
    callApi(lookupProducts, { query: { ids: 'a,b' } }),
    // @ts-expect-error -- the path parameter is required
    callApi(getProduct),
    // @ts-expect-error -- the catalogue's query has no ids
    callApi(listProducts, { query: { ids: 'a' } }),
    // @ts-expect-error -- the lookup's ids are required
    callApi(lookupProducts),
  ];
}

describe('the shop’s first-load twins', () => {
  it.each(products)('the product twin agrees with ProductSchema on %s', (_, input) => {
    expectTwinAgrees(SharedProductSchema, ProductSchema, input);
  });

  it.each(pages)('the catalogue page twin agrees with ProductPageSchema on %s', (_, input) => {
    expectTwinAgrees(SharedProductPageSchema, ProductPageSchema, input);
  });

  it.each(lookups)('the cart check twin agrees with lookupProducts.response on %s', (_, input) => {
    expectTwinAgrees(sharedLookupProducts.response, lookupProducts.response, input);
  });

  it.each(products)('the product details twin agrees with getProduct.response on %s', (_, input) => {
    expectTwinAgrees(sharedGetProduct.response, getProduct.response, input);
  });

  it.each(limits)('the checkout limits twin agrees with checkoutLimits.response on %s', (_, input) => {
    expectTwinAgrees(sharedCheckoutLimits.response, checkoutLimits.response, input);
  });

  it.each([
    ['checkoutLimits', checkoutLimits, sharedCheckoutLimits],
    ['listProducts', listProducts, sharedListProducts],
    ['lookupProducts', lookupProducts, sharedLookupProducts],
    ['getProduct', getProduct, sharedGetProduct],
  ] as const)('%s calls the shared endpoint’s method and path', (_, twin, shared) => {
    expect(twin.method).toBe(shared.method);
    expect(twin.path).toBe(shared.path);
  });

  it('infers the same types, and calls take the shared endpoint’s options (checked by typecheck)', () => {
    expect(calls).toBeTypeOf('function');
    expectTypeOf<Infer<typeof ProductSchema>>().toEqualTypeOf<Product>();
    expectTypeOf<Infer<typeof ProductPageSchema>>().toEqualTypeOf<ProductPage>();
    expectTypeOf<Infer<typeof lookupProducts.response>>().toEqualTypeOf<z.infer<typeof sharedLookupProducts.response>>();
    expectTypeOf<Infer<typeof getProduct.response>>().toEqualTypeOf<z.infer<typeof sharedGetProduct.response>>();
    expectTypeOf<Infer<typeof checkoutLimits.response>>().toEqualTypeOf<z.infer<typeof sharedCheckoutLimits.response>>();
  });
});
