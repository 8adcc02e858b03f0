import { errorMessage } from '../../lib/api-client';
import type { StoredCartLine } from './cart-store';
import { useCheckout } from './use-checkout';

function problemText(error: unknown): string {
  return errorMessage(error, 'Checkout could not start. Please try again shortly.');
}

/**
 * The CHECKOUT button: with an empty cart it does nothing; otherwise the cart goes to the server
 * and the browser to the payment page. A failure is logged and shown briefly; the cart stays.
 */
export function CheckoutButton({ lines }: { lines: readonly StoredCartLine[] }) {
  const checkout = useCheckout();
  // Between success and the browser leaving the page the button stays busy too.
  const busy = checkout.isPending || checkout.isSuccess;
  const start = () => {
    if (lines.length === 0 || busy) return;
    checkout.mutate(lines);
  };
  return (
    <div>
      <button type="button" className="btn-primary w-full" onClick={start} aria-disabled={busy} aria-busy={busy}>
        {busy ? 'Opening checkout…' : 'CHECKOUT'}
      </button>
      <div aria-live="polite">
        {checkout.isError && (
          <p role="alert" className="alert-error mt-3 text-sm">
            {problemText(checkout.error)}
          </p>
        )}
      </div>
    </div>
  );
}
