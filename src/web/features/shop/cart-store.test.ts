import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { addProductToCart, cartSubtotalCents, reconcileStoredCart, setCartLineQuantity } from './cart-actions';
import { cartStore, type CartProductSnapshot, type StoredCartLine, StoredCartLineSchema } from './cart-store';
import type { ShopProduct } from './wire';

const product = (id: string, overrides: Partial<ShopProduct> = {}): ShopProduct => ({
  id,
  productName: `Product ${id}`,
  productCode: id.toUpperCase(),
  description: '',
  priceCents: 1999,
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
    expect(addProductToCart(tee, { shirtSize: 'M' }, 5)).toEqual({ lineQuantity: 3, capped: 'stock' });
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

  it('holds at most MAX_UNITS_PER_ORDER units in all: adding and changing a quantity stop at what the cap leaves', () => {
    const tee = product('tee', { shirtSizes: ['M'], quantityInStock: 50 });
    const poster = product('poster', { quantityInStock: 50 });
    expect(addProductToCart(tee, { shirtSize: 'M' }, 6, 10)).toEqual({ lineQuantity: 6, capped: false });
    expect(addProductToCart(poster, {}, 6, 10)).toEqual({ lineQuantity: 4, capped: 'order' });
    expect(addProductToCart(poster, {}, 1, 10)).toEqual({ lineQuantity: 4, capped: 'order' });
    setCartLineQuantity(0, 9, 10);
    expect(cartStore.get().map((line) => line.quantity)).toEqual([6, 4]);
    setCartLineQuantity(1, 2, 10);
    setCartLineQuantity(0, 9, 10);
    expect(cartStore.get().map((line) => line.quantity)).toEqual([8, 2]);
    // The stock still rules below the cap.
    expect(addProductToCart(product('pin', { quantityInStock: 1 }), {}, 5, 100)).toEqual({ lineQuantity: 1, capped: 'stock' });
  });

  it('reconciles against current products: removes gone ones, shrinks to stock, refreshes prices, keeps unchecked lines', () => {
    addProductToCart(product('a'), {}, 4);
    addProductToCart(product('b'), {}, 1);
    addProductToCart(product('c'), {}, 2);
    const notices = reconcileStoredCart(new Set(['a', 'b']), new Map([['a', product('a', { quantityInStock: 2, priceCents: 2500 })]]));
    expect(notices).toEqual([
      { productId: 'a', change: 'reduced', from: 4, to: 2, productName: 'Product a' },
      { productId: 'b', change: 'removed', from: 1, to: 0, productName: 'Product b' },
    ]);
    expect(cartStore.get().map((line) => [line.productId, line.quantity, line.product.priceCents])).toEqual([
      ['a', 2, 2500],
      ['c', 2, 1999],
    ]);
    expect(reconcileStoredCart(new Set(['a']), new Map([['a', product('a', { quantityInStock: 2, priceCents: 2500 })]]))).toEqual([]);
  });

  it('loads carts stored before cents (price in dollars) as cents, and refuses amounts cents cannot hold', () => {
    const line = (product: object) => ({ productId: 'p1', quantity: 2, shirtSize: null, shirtColor: null, vinylColor: null, product });
    const snapshot = { id: 'p1', productName: 'Tee', productCode: 'TEE', imageURL: '/x.png', quantityInStock: 3 };
    expect(StoredCartLineSchema.safeParse(line({ ...snapshot, price: 24.99 }))).toEqual({
      success: true,
      data: line({ ...snapshot, priceCents: 2499 }),
    });
    expect(StoredCartLineSchema.safeParse(line({ ...snapshot, priceCents: 2499 }))).toEqual({
      success: true,
      data: line({ ...snapshot, priceCents: 2499 }),
    });
    expect(StoredCartLineSchema.safeParse(line({ ...snapshot, price: 24.999 })).success).toBe(false);
    expect(StoredCartLineSchema.safeParse(line({ ...snapshot, price: -1 })).success).toBe(false);
    expect(StoredCartLineSchema.safeParse(line({ ...snapshot, priceCents: 24.5 })).success).toBe(false);
    window.localStorage.setItem('cart', JSON.stringify([line({ ...snapshot, price: 24.99 })]));
    expect(cartSubtotalCents(cartStore.get())).toBe(2 * 2499);
  });
});

describe('stored cart lines', () => {
  const line = {
    productId: 'p1',
    quantity: 2,
    shirtSize: 'M',
    shirtColor: null,
    vinylColor: null,
    product: { id: 'p1', productName: 'Tee', productCode: 'TEE', priceCents: 2499, imageURL: '/x.png', quantityInStock: 3 },
  };
  it('keeps valid lines and refuses a zero, fractional or missing quantity', () => {
    expect(StoredCartLineSchema.safeParse(line)).toEqual({ success: true, data: line });
    expect(StoredCartLineSchema.safeParse({ ...line, extra: true })).toEqual({ success: true, data: line });
    for (const quantity of [0, -1, 1.5, '2', undefined]) {
      expect(StoredCartLineSchema.safeParse({ ...line, quantity }).success).toBe(false);
    }
    expect(StoredCartLineSchema.safeParse({ ...line, shirtSize: undefined }).success).toBe(false);
    expect(StoredCartLineSchema.safeParse({ ...line, product: { ...line.product, quantityInStock: 0.5 } }).success).toBe(false);
  });
});

describe('cart snapshot', () => {
  it('is a pick of the product, and the stored-cart validator outputs exactly it', () => {
    expectTypeOf<StoredCartLine['product']>().toEqualTypeOf<CartProductSnapshot>();
    addProductToCart(product('snap', { description: 'not kept', shirtSizes: ['M'] }), { shirtSize: 'M' }, 1);
    expect(cartStore.get()[0]?.product).toEqual({
      id: 'snap',
      productName: 'Product snap',
      productCode: 'SNAP',
      priceCents: 1999,
      imageURL: '/x.webp',
      quantityInStock: 5,
    });
  });
});
