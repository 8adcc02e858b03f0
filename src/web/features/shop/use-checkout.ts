import { useMutation } from '@tanstack/react-query';
import { centsToDollars } from '../../../domain/format';
import type { CheckoutLineInput } from '../../../shared/orders';
import { callApi } from '../../lib/api-client';
import type { StoredCartLine } from './cart-store';

/** A cart line in the specification's cart-item shape; the server re-prices it from the database. */
export function toCheckoutLine(line: StoredCartLine): CheckoutLineInput {
  return {
    product: (({ priceCents, ...product }) => ({ ...product, price: centsToDollars(priceCents) }))(line.product),
    quantity: line.quantity,
    selectedShirtSize: line.shirtSize,
    selectedShirtColor: line.shirtColor,
    selectedVinylColor: line.vinylColor,
  };
}

/**
 * Sends the cart to POST /api/create-checkout-session and goes to the returned url. The cart is
 * kept: it is emptied on /success once the server reports the order paid.
 */
export function useCheckout() {
  return useMutation({
    mutationFn: async (lines: readonly StoredCartLine[]) => {
      // The orders contract (and zod) loads with the first checkout, not with the shop (decision 183).
      const { createCheckoutSession } = await import('../../../shared/orders');
      return callApi(createCheckoutSession, { body: lines.map(toCheckoutLine) });
    },
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
    onError: (error) => {
      // The specification: a checkout HTTP error is logged.
      console.error('Checkout failed:', error);
    },
  });
}
