import { useId, useState } from 'react';
import { TOAST_AVOID } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { useOnline } from '../../lib/use-online';
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
  const online = useOnline();
  const checkoutOfflineId = useId();
  const [saidEmpty, setSaidEmpty] = useState(false);
  // Between success and the browser leaving the page the button stays busy too.
  const busy = checkout.isPending || checkout.isSuccess;
  const empty = lines.length === 0;
  const start = () => {
    // As the specification says, an empty cart starts nothing — but the button says why.
    if (empty) setSaidEmpty(true);
    if (empty || busy || !online) return;
    checkout.mutate(lines);
  };
  return (
    <div>
      <button
        type="button"
        {...TOAST_AVOID}
        className="btn-primary w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        onClick={start}
        aria-disabled={busy || !online}
        aria-busy={busy}
        aria-describedby={online ? undefined : checkoutOfflineId}
      >
        {busy ? 'Opening checkout…' : 'CHECKOUT'}
      </button>
      {!online && (
        <p id={checkoutOfflineId} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Checkout needs a connection.
        </p>
      )}
      <div aria-live="polite">
        {empty && saidEmpty && (
          <p className="mt-2 text-sm font-semibold text-slate-700 dark:text-slate-200">Your cart is empty — add something first.</p>
        )}
        {checkout.isError && (
          <p role="alert" className="alert-error mt-3 text-sm">
            {problemText(checkout.error)}
          </p>
        )}
      </div>
    </div>
  );
}
