import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookupProducts, type Product } from '../../../shared/products';
import { checkoutLimits, createCheckoutSession } from '../../../shared/orders';
import { ApiError } from '../../lib/api-client';
import type * as ApiClient from '../../lib/api-client';
import { fakeApi } from '../../test/fake-api';
import { CartPanel } from './cart-panel';
import { addProductToCart, clearCart, removeCartLine, setCartLineQuantity } from './cart-actions';
import { cartStore, useCartCount } from './cart-store';
import { productFromWire } from './wire';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: (await import('../../test/fake-api')).fakeApi.callApi,
}));

// Product ids are UUIDs (the lookup refuses anything else).
const IDS = {
  tee: '10000000-0000-4000-8000-000000000001',
  poster: '10000000-0000-4000-8000-000000000002',
  mug: '10000000-0000-4000-8000-000000000003',
  pin: '10000000-0000-4000-8000-000000000004',
  gone: '10000000-0000-4000-8000-000000000005',
};

/** A fictional product as the server sends it (price in dollars). */
function wireProduct(name: keyof typeof IDS, overrides: Partial<Product> = {}): Product {
  return {
    id: IDS[name],
    productName: `Fictional ${name}`,
    productCode: name.toUpperCase(),
    description: 'Made up for a test.',
    price: 10,
    imageURL: `/images/${name}.webp`,
    quantityInStock: 9,
    shirtSizes: [],
    shirtColors: [],
    vinylColors: [],
    ...overrides,
  };
}

/** The shop's server as far as the cart asks it: the current state of the products it holds. */
function serveProducts(products: Product[]) {
  fakeApi.on(lookupProducts, ({ query }) => {
    const { ids } = query as { ids: string[] };
    return { items: products.filter((product) => ids.includes(product.id)) };
  });
}

/** The navigation's cart badge, as the nav bar draws it from the store. */
function Badge() {
  const count = useCartCount();
  return count > 0 ? <span aria-label={`${count} in cart`}>{count}</span> : null;
}

function renderCart() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Badge />
      <CartPanel />
    </QueryClientProvider>,
  );
  return { cart: screen.getByRole('complementary', { name: 'Your cart' }), user: userEvent.setup() };
}

function lineAt(cart: HTMLElement, index: number): HTMLElement {
  const line = within(cart).getAllByTestId('cart-line')[index];
  if (line === undefined) throw new Error(`no cart line ${index}`);
  return line;
}
const stored = (): unknown => JSON.parse(window.localStorage.getItem('cart') ?? 'null');
const lineNames = (cart: HTMLElement) =>
  within(cart)
    .queryAllByTestId('cart-line')
    .map((line) => line.querySelector('p')?.textContent);

describe('the cart store', () => {
  beforeEach(() => {
    fakeApi.reset();
    cartStore.set([]);
  });
  afterEach(() => clearCart());

  it('merges identical lines, keeps different options apart, and counts every item on the badge', () => {
    const tee = productFromWire(wireProduct('tee', { shirtSizes: ['S', 'M'], quantityInStock: 9 }));
    expect(addProductToCart(tee, { shirtSize: 'M' }, 2)).toEqual({ lineQuantity: 2, capped: false });
    expect(addProductToCart(tee, { shirtSize: 'M' }, 3)).toEqual({ lineQuantity: 5, capped: false });
    expect(addProductToCart(tee, { shirtSize: 'S' }, 1)).toEqual({ lineQuantity: 1, capped: false });
    expect(cartStore.get().map((line) => [line.shirtSize, line.quantity])).toEqual([
      ['M', 5],
      ['S', 1],
    ]);
    render(<Badge />);
    expect(screen.getByLabelText('6 in cart').textContent).toBe('6');
    act(() => removeCartLine(0));
    expect(screen.getByLabelText('1 in cart')).toBeDefined();
    act(() => clearCart());
    expect(screen.queryByLabelText(/in cart$/)).toBeNull();
  });

  it('never holds more than the stock: adding and changing a quantity stop at it', () => {
    const mug = productFromWire(wireProduct('mug', { quantityInStock: 3 }));
    expect(addProductToCart(mug, {}, 2)).toEqual({ lineQuantity: 2, capped: false });
    expect(addProductToCart(mug, {}, 2)).toEqual({ lineQuantity: 3, capped: 'stock' });
    setCartLineQuantity(0, 10);
    expect(cartStore.get()[0]?.quantity).toBe(3);
    setCartLineQuantity(0, 0);
    expect(cartStore.get()[0]?.quantity).toBe(1);
    expect(addProductToCart(productFromWire(wireProduct('gone', { quantityInStock: 0 })), {}, 1)).toEqual({
      lineQuantity: 0,
      capped: 'stock',
    });
    expect(cartStore.get()).toHaveLength(1);
  });

  it('keeps the cart in localStorage and follows changes made in another tab', () => {
    addProductToCart(productFromWire(wireProduct('pin')), {}, 2);
    expect(stored()).toEqual([
      {
        productId: IDS.pin,
        quantity: 2,
        shirtSize: null,
        shirtColor: null,
        vinylColor: null,
        product: {
          id: IDS.pin,
          productName: 'Fictional pin',
          productCode: 'PIN',
          priceCents: 1000,
          imageURL: '/images/pin.webp',
          quantityInStock: 9,
        },
      },
    ]);
    render(<Badge />);
    expect(screen.getByLabelText('2 in cart')).toBeDefined();

    // Another tab empties the cart: the storage event brings the change here.
    act(() => {
      window.localStorage.setItem('cart', '[]');
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    });
    expect(screen.queryByLabelText(/in cart$/)).toBeNull();
  });

  it.each([
    { name: 'not JSON', raw: '{oops', warning: 'Ignoring unreadable stored value for "cart"' },
    { name: 'not a list', raw: '{"productId":"p1"}', warning: 'Ignoring invalid stored value for "cart"' },
    {
      name: 'a line with a zero quantity',
      raw: JSON.stringify([{ productId: 'p1', quantity: 0 }]),
      warning: 'Ignoring invalid stored value for "cart"',
    },
  ])('starts with an empty cart when the stored one is $name', ({ raw, warning }) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.localStorage.setItem('cart', raw);
    expect(cartStore.get()).toEqual([]);
    expect(warn).toHaveBeenCalledWith(warning);
    warn.mockRestore();
  });
});

describe('the cart panel', () => {
  beforeEach(() => {
    fakeApi.reset();
    cartStore.set([]);
  });
  afterEach(() => clearCart());

  it('says when the cart is empty, and asks the server nothing', () => {
    const { cart } = renderCart();
    expect(within(cart).getByText('Your cart is empty.')).toBeDefined();
    expect(fakeApi.calls).toEqual([]);
  });

  it('reads a stored cart back against the server: quantities above stock shrink, gone products leave, the shopper is told', async () => {
    addProductToCart(productFromWire(wireProduct('tee', { shirtSizes: ['M'] })), { shirtSize: 'M' }, 5);
    addProductToCart(productFromWire(wireProduct('poster')), {}, 1);
    addProductToCart(productFromWire(wireProduct('mug')), {}, 2);
    // Since then: two tees are left, the poster is gone, the mug costs more.
    serveProducts([wireProduct('tee', { shirtSizes: ['M'], quantityInStock: 2 }), wireProduct('mug', { price: 12.5 })]);

    const { cart, user } = renderCart();
    const notice = await within(cart).findByRole('status');
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Only 2 of Fictional tee left: the quantity in your cart is now 2.',
      'Fictional poster is no longer available and was removed from your cart.',
    ]);
    // The cart's set of products changed (the poster left), so it is checked once more.
    await waitFor(() =>
      expect(fakeApi.calls.map((call) => call.url)).toEqual([
        `/api/products/lookup?ids=${[IDS.tee, IDS.poster, IDS.mug].join('%2C')}`,
        `/api/products/lookup?ids=${[IDS.tee, IDS.mug].join('%2C')}`,
      ]),
    );
    expect(lineNames(cart)).toEqual(['Fictional tee', 'Fictional mug']);
    expect(within(cart).getByRole('combobox', { name: 'Quantity of Fictional tee (Size M)' })).toHaveProperty('value', '2');
    // The picker offers no more than the stock.
    expect(
      within(lineAt(cart, 0))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2']);
    expect(screen.getByLabelText('4 in cart')).toBeDefined();
    expect(cartStore.get().map((line) => [line.productId, line.quantity, line.product.priceCents])).toEqual([
      [IDS.tee, 2, 1000],
      [IDS.mug, 2, 1250],
    ]);
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    expect(within(cart).queryByRole('status')).toBeNull();
  });

  it('changes a quantity and removes a line, and the badge and totals follow', async () => {
    serveProducts([wireProduct('tee', { shirtSizes: ['M'] }), wireProduct('mug')]);
    addProductToCart(productFromWire(wireProduct('tee', { shirtSizes: ['M'] })), { shirtSize: 'M' }, 1);
    addProductToCart(productFromWire(wireProduct('mug')), {}, 1);
    const { cart, user } = renderCart();
    await waitFor(() => expect(fakeApi.calls).toHaveLength(1));
    expect(screen.getByLabelText('2 in cart')).toBeDefined();

    await user.selectOptions(within(cart).getByRole('combobox', { name: 'Quantity of Fictional mug' }), '3');
    expect(screen.getByLabelText('4 in cart')).toBeDefined();
    expect(lineAt(cart, 1).textContent).toContain('$30.00');

    await user.click(within(cart).getByRole('button', { name: 'Remove Fictional tee (Size M) from the cart' }));
    expect(lineNames(cart)).toEqual(['Fictional mug']);
    expect(screen.getByLabelText('3 in cart')).toBeDefined();
    expect((stored() as { productId: string }[]).map((line) => line.productId)).toEqual([IDS.mug]);

    await user.click(within(cart).getByRole('button', { name: 'Remove Fictional mug from the cart' }));
    expect(within(cart).getByText('Your cart is empty.')).toBeDefined();
    expect(screen.queryByLabelText(/in cart$/)).toBeNull();
  });

  it('leaves the cart alone when the server cannot be asked (checkout checks again)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi.on(lookupProducts, () => {
      throw new Error('offline');
    });
    addProductToCart(productFromWire(wireProduct('mug')), {}, 2);
    const { cart } = renderCart();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Error checking the cart', expect.any(Error)));
    expect(lineNames(cart)).toEqual(['Fictional mug']);
    expect(within(cart).queryByRole('status')).toBeNull();
    error.mockRestore();
  });

  it('offers no more than one order may hold (MAX_UNITS_PER_ORDER), and says so when a stored cart holds more', async () => {
    serveProducts([wireProduct('tee', { shirtSizes: ['M'] }), wireProduct('mug'), wireProduct('pin')]);
    fakeApi.on(checkoutLimits, () => ({ maxUnitsPerOrder: 10, maxHeldUnitsPerAddress: 20 }));
    addProductToCart(productFromWire(wireProduct('tee', { shirtSizes: ['M'] })), { shirtSize: 'M' }, 6);
    addProductToCart(productFromWire(wireProduct('mug')), {}, 3);
    const { cart, user } = renderCart();
    const options = (index: number) =>
      within(lineAt(cart, index))
        .getAllByRole('option')
        .map((option) => Number(option.textContent));
    // The mug's stock is 9, but the tees leave room for 4 in one order of 10; the tees may grow to 7.
    await waitFor(() => expect(options(1)).toEqual([1, 2, 3, 4]));
    expect(options(0)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await user.selectOptions(within(cart).getByRole('combobox', { name: 'Quantity of Fictional mug' }), '4');
    expect(screen.getByLabelText('10 in cart')).toBeDefined();
    expect(options(0)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(within(cart).queryByTestId('cart-over-cap')).toBeNull();

    // A cart stored before the cap (or in another tab) holds more: the shopper is told what to do.
    act(() => cartStore.set((lines) => lines.map((line) => ({ ...line, quantity: 7 }))));
    expect(within(cart).getByTestId('cart-over-cap').textContent).toBe(
      'One order holds at most 10 items: please remove 4 before checking out.',
    );
    expect(options(0)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows the server’s refusal of a checkout (a cap, held stock) and keeps the cart', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveProducts([wireProduct('mug')]);
    fakeApi.on(checkoutLimits, () => ({ maxUnitsPerOrder: 10, maxHeldUnitsPerAddress: 20 }));
    const refusal =
      'Your open checkouts already hold 18 items, and one address may hold at most 20 at once. Finish or cancel those checkouts first, or wait until they expire (31 minutes).';
    fakeApi.on(createCheckoutSession, () => {
      throw new ApiError(409, 'conflict', refusal);
    });
    addProductToCart(productFromWire(wireProduct('mug')), {}, 3);
    const { cart, user } = renderCart();
    await user.click(within(cart).getByRole('button', { name: 'CHECKOUT' }));
    expect((await within(cart).findByRole('alert')).textContent).toBe(refusal);
    expect(lineNames(cart)).toEqual(['Fictional mug']);
    expect(error).toHaveBeenCalledWith('Checkout failed:', expect.any(ApiError));
    error.mockRestore();
  });
});
