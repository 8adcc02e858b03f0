import { cartCount, lineMaxUnits, quantityChoices } from '../../../domain/cart';
import { formatUsd } from '../../../domain/format';
import { lineTotalCents } from '../../../domain/pricing';
import { optionsText } from '../../../domain/product-options';
import { Icon } from '../../../ui/icon';
import { cartSubtotalCents, removeCartLine, setCartLineQuantity } from './cart-actions';
import { useCart, type StoredCartLine } from './cart-store';
import { CartTotals } from './cart-totals';
import { CheckoutButton } from './checkout-button';
import { PolicyLinks } from './policy-modals';
import { QuantitySelect } from './quantity-select';
import { useCartReconciliation } from './use-cart-reconciliation';
import { useMaxUnitsPerOrder } from './use-checkout-limits';

function CartLineItem({
  line,
  index,
  otherUnits,
  maxUnits,
}: {
  line: StoredCartLine;
  index: number;
  otherUnits: number;
  maxUnits: number;
}) {
  const name = line.product.productName;
  // Up to the stock and what one order may still hold (decision 192); a quantity already above
  // stays selectable, so the list shows what the cart holds (the notice below says what to do).
  const choices = quantityChoices(Math.max(lineMaxUnits(line.product.quantityInStock, otherUnits, maxUnits), line.quantity));
  const options = optionsText(line);
  return (
    <li className="flex gap-3 py-3" data-testid="cart-line">
      <img
        src={line.product.imageURL}
        alt=""
        width={64}
        height={64}
        className="size-16 shrink-0 rounded-lg bg-slate-200 object-cover dark:bg-slate-800"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="leading-tight font-semibold">{name}</p>
          <button
            type="button"
            onClick={() => removeCartLine(index)}
            className="-m-1 rounded-full p-1 text-slate-500 hover:bg-slate-200 hover:text-rose-600 dark:text-slate-400 dark:hover:bg-slate-800"
            aria-label={`Remove ${name}${options === '' ? '' : ` (${options})`} from the cart`}
          >
            <Icon name="delete" />
          </button>
        </div>
        {options !== '' && <p className="text-sm text-slate-600 dark:text-slate-400">{options}</p>}
        <div className="mt-1 flex items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm">
            <span className="text-slate-600 dark:text-slate-400">Qty</span>
            <QuantitySelect
              className="input w-auto py-1"
              choices={choices}
              value={line.quantity}
              aria-label={`Quantity of ${name}${options === '' ? '' : ` (${options})`}`}
              onChange={(quantity) => setCartLineQuantity(index, quantity, maxUnits)}
            />
          </label>
          <span className="text-sm font-semibold tabular-nums">{formatUsd(lineTotalCents(line.product.priceCents, line.quantity))}</span>
        </div>
      </div>
    </li>
  );
}

function noticeText(notice: { change: 'removed' | 'reduced'; to: number; productName: string }): string {
  return notice.change === 'removed'
    ? `${notice.productName} is no longer available and was removed from your cart.`
    : `Only ${notice.to} of ${notice.productName} left: the quantity in your cart is now ${notice.to}.`;
}

/** The cart beside the catalogue: lines, totals, policies and the checkout button. */
export function CartPanel() {
  const lines = useCart();
  const { notices, dismiss } = useCartReconciliation(lines);
  const maxUnits = useMaxUnitsPerOrder({ enabled: lines.length > 0 });
  const units = cartCount(lines);
  return (
    <aside aria-labelledby="cart-heading" className="card p-5 lg:sticky lg:top-24">
      <h2 id="cart-heading" className="flex items-center gap-2 text-xl font-bold">
        <Icon name="shopping_cart" />
        Your cart
      </h2>
      {notices.length > 0 && (
        <div role="status" className="alert-info mt-3 text-sm">
          <ul className="space-y-1">
            {notices.map((notice, i) => (
              <li key={i}>{noticeText(notice)}</li>
            ))}
          </ul>
          <button type="button" className="mt-2 font-semibold underline underline-offset-4" onClick={dismiss}>
            OK
          </button>
        </div>
      )}
      {lines.length === 0 ? (
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">Your cart is empty.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Cart items">
          {lines.map((line, index) => (
            <CartLineItem
              key={`${line.productId}|${line.shirtSize ?? ''}|${line.shirtColor ?? ''}|${line.vinylColor ?? ''}`}
              line={line}
              index={index}
              otherUnits={units - line.quantity}
              maxUnits={maxUnits}
            />
          ))}
        </ul>
      )}
      <div className="mt-3 border-t border-slate-200 pt-4 dark:border-slate-700">
        <CartTotals subtotalCents={cartSubtotalCents(lines)} />
      </div>
      {units > maxUnits && (
        <p role="status" className="alert-info mt-3 text-sm" data-testid="cart-over-cap">
          One order holds at most {maxUnits} items: please remove {units - maxUnits} before checking out.
        </p>
      )}
      <div className="mt-4">
        <CheckoutButton lines={lines} />
      </div>
      <div className="mt-4">
        <PolicyLinks />
      </div>
    </aside>
  );
}
