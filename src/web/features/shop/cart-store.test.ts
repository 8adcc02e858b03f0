import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/products';
import { addProductToCart, cartStore, cartSubtotalCents, reconcileStoredCart, setCartLineQuantity } from './cart-store';

const product = (id: string, overrides: Partial<Product> = {}): Product => ({
  id,
  productName: `Product ${id}`,
  productCode: id.toUpperCase(),
  description: '',
  price: 19.99,
  imageURL: '/x.webp',
  quantityInStock: 5,
  shirtSizes: [],
  shirtColors: [],
  vinylColors: [],
  ...overrides,
});

describe('cart store', () => {
  beforeEach(() => {
    window.localStorage.clear();
    cartStore.set([]);
  });

  it('merges identical lines, caps them at stock and keeps them in localStorage', () => {
    const tee = product('tee', { shirtSizes: ['M'], quantityInStock: 3 });
    expect(addProductToCart(tee, { shirtSize: 'M' }, 1)).toEqual({ lineQuantity: 1, capped: false });
    expect(addProductToCart(tee, { shirtSize: 'M' }, 1)).toEqual({ lineQuantity: 2, capped: false });
    expect(addProductToCart(tee, { shirtSize: 'M' }, 5)).toEqual({ lineQuantity: 3, capped: true });
    addProductToCart(tee, { shirtSize: '' }, 1);
    expect(cartStore.get().map((line) => [line.shirtSize, line.quantity])).toEqual([
      ['M', 3],
      [null, 1],
    ]);
    expect(JSON.parse(window.localStorage.getItem('cart') ?? '[]')).toHaveLength(2);
    setCartLineQuantity(0, 99);
    expect(cartStore.get()[0]?.quantity).toBe(3);
    expect(cartSubtotalCents(cartStore.get())).toBe(4 * 1999);
  });

  it('reconciles against current products: removes gone ones, shrinks to stock, refreshes prices, keeps unchecked lines', () => {
    addProductToCart(product('a'), {}, 4);
    addProductToCart(product('b'), {}, 1);
    addProductToCart(product('c'), {}, 2);
    const notices = reconcileStoredCart(new Set(['a', 'b']), new Map([['a', product('a', { quantityInStock: 2, price: 25 })]]));
    expect(notices).toEqual([
      { productId: 'a', change: 'reduced', from: 4, to: 2, productName: 'Product a' },
      { productId: 'b', change: 'removed', from: 1, to: 0, productName: 'Product b' },
    ]);
    expect(cartStore.get().map((line) => [line.productId, line.quantity, line.product.price])).toEqual([
      ['a', 2, 25],
      ['c', 2, 19.99],
    ]);
    expect(reconcileStoredCart(new Set(['a']), new Map([['a', product('a', { quantityInStock: 2, price: 25 })]]))).toEqual([]);
  });
});
