import type { StoredCartLine } from './cart-store';

/**
 * The CHECKOUT button. Checkout (issue 7) gives it its behaviour: send the cart lines to
 * POST /api/create-checkout-session and follow the returned url; an empty cart does nothing.
 */
export function CheckoutButton({ lines }: { lines: readonly StoredCartLine[] }) {
  return (
    <button type="button" className="btn-primary w-full" disabled title="Checkout opens soon" data-lines={lines.length}>
      CHECKOUT
    </button>
  );
}
