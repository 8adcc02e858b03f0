import { useId, useState, type FormEvent } from 'react';
import { quantityChoices } from '../../../domain/cart';
import { formatUsd } from '../../../domain/format';
import {
  missingOptions,
  missingOptionsMessage,
  OFFERED_FIELD,
  OPTION_KINDS,
  OPTION_LABELS,
  optionsText,
  type SelectedOptions,
} from '../../../domain/product-options';
import { PRODUCT_UNAVAILABLE } from '../../../shared/catalogue';
import { Icon } from '../../../ui/icon';
import { Modal } from '../../components/modal';
import { showToast } from '../../components/toast';
import { addProductToCart } from './cart-actions';
import { useCartCount } from './cart-store';
import { QuantitySelect } from './quantity-select';
import { StockState } from '../../../ui/product-tile';
import { useMaxUnitsPerOrder } from './use-checkout-limits';
import { useProduct } from './use-product';
import type { ShopProduct } from './wire';

type Feedback = { kind: 'error' | 'success'; text: string } | null;

/** The window's choices: in the scrolling body (the options) and the pinned action row (the summary, Add to cart). */
function useAddToCart() {
  const maxUnits = useMaxUnitsPerOrder();
  const [selected, setSelected] = useState<SelectedOptions>({});
  const [quantity, setQuantity] = useState(1);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const choose = (next: SelectedOptions) => {
    setSelected(next);
    setFeedback(null);
  };

  const submit = (product: ShopProduct, event: FormEvent) => {
    event.preventDefault();
    const missing = missingOptions(product, selected);
    if (missing.length > 0) {
      setFeedback({ kind: 'error', text: missingOptionsMessage(missing) });
      return;
    }
    const { lineQuantity, capped } = addProductToCart(product, selected, Math.min(quantity, product.quantityInStock), maxUnits);
    const text =
      capped === 'order'
        ? `One order holds at most ${maxUnits} items: your cart now holds ${lineQuantity} of this.`
        : capped === 'stock'
          ? `Only ${product.quantityInStock} available: your cart now holds ${lineQuantity}.`
          : `Added to your cart (${lineQuantity} in this line).`;
    setFeedback({ kind: 'success', text });
    showToast(`${product.productName} added — see your cart under Shop`);
  };
  return { selected, choose, quantity, setQuantity, feedback, submit, maxUnits };
}
type AddToCart = ReturnType<typeof useAddToCart>;

function OptionFields({ product, cart, formId }: { product: ShopProduct; cart: AddToCart; formId: string }) {
  // Never more than the stock or than one order may hold (decision 192).
  const choices = quantityChoices(Math.min(product.quantityInStock, cart.maxUnits));
  const offered = OPTION_KINDS.filter((kind) => product[OFFERED_FIELD[kind]].length > 0);
  return (
    <form id={formId} onSubmit={(event) => cart.submit(product, event)} noValidate className="mt-4 space-y-3" aria-label="Options">
      {offered.map((kind) => (
        <label key={kind} className="block">
          <span className="mb-1 block text-sm font-semibold">{OPTION_LABELS[kind]}</span>
          <select
            className="input"
            value={cart.selected[kind] ?? ''}
            onChange={(event) => cart.choose({ ...cart.selected, [kind]: event.target.value })}
          >
            <option value="">Choose {OPTION_LABELS[kind].toLowerCase()}…</option>
            {product[OFFERED_FIELD[kind]].map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      ))}
      {choices.length > 0 && (
        <label className="block">
          <span className="mb-1 block text-sm font-semibold">Quantity</span>
          <QuantitySelect className="input" choices={choices} value={cart.quantity} onChange={cart.setQuantity} />
        </label>
      )}
    </form>
  );
}

/** "2 × Size M · Black · $49.98", or what is still to choose. */
function selectionSummary(product: ShopProduct, cart: AddToCart): string {
  const missing = missingOptions(product, cart.selected);
  if (missing.length > 0) return `Choose ${missing.map((kind) => OPTION_LABELS[kind].toLowerCase()).join(' and ')}`;
  const options = optionsText({
    shirtSize: cart.selected.shirtSize ?? null,
    shirtColor: cart.selected.shirtColor ?? null,
    vinylColor: cart.selected.vinylColor ?? null,
  });
  return `${cart.quantity} ×${options === '' ? '' : ` ${options} ·`} ${formatUsd(product.priceCents * cart.quantity)}`;
}

/** The pinned action row: what will be added, Add to cart, the cart's count and the answer. */
function ActionRow({ product, cart, formId }: { product: ShopProduct; cart: AddToCart; formId: string }) {
  const count = useCartCount();
  const soldOut = quantityChoices(product.quantityInStock).length === 0;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-3 text-sm">
        <p data-testid="selection-summary" className="font-semibold">
          {soldOut ? 'Out of stock' : selectionSummary(product, cart)}
        </p>
        <p data-testid="window-cart-count" className="flex shrink-0 items-center gap-1 text-slate-600 dark:text-slate-300">
          <Icon name="shopping_cart" />
          {count} in cart
        </p>
      </div>
      <button type="submit" form={formId} className="btn-primary w-full" disabled={soldOut}>
        <Icon name="shopping_cart" />
        {soldOut ? 'Out of stock' : 'Add to cart'}
      </button>
      <div aria-live="polite">
        {cart.feedback !== null && (
          <p
            role={cart.feedback.kind === 'error' ? 'alert' : 'status'}
            className={cart.feedback.kind === 'error' ? 'alert-error' : 'alert-success'}
          >
            {cart.feedback.text}
          </p>
        )}
      </div>
    </div>
  );
}

function ProductDetails({ product, cart, formId }: { product: ShopProduct; cart: AddToCart; formId: string }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <img
        src={product.imageURL}
        alt={product.productName}
        width={800}
        height={800}
        className="aspect-square w-full rounded-xl bg-slate-200 object-cover dark:bg-slate-800"
      />
      <div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Code <span className="font-mono">{product.productCode}</span>
        </p>
        <p className="mt-1 text-2xl font-black">{formatUsd(product.priceCents)}</p>
        <p className="mt-1 text-sm">
          <StockState stock={product.quantityInStock} />
        </p>
        {product.description !== '' && <p className="mt-3 leading-relaxed text-slate-700 dark:text-slate-300">{product.description}</p>}
        <OptionFields product={product} cart={cart} formId={formId} />
      </div>
    </div>
  );
}

/**
 * The `productDetails` modal for one product id; a missing product shows the specification's
 * message. Its title bar and action row stay pinned while the body scrolls (a phone's short screen).
 */
export function ProductDetailsModal({ productId, onClose }: { productId: string; onClose: () => void }) {
  const query = useProduct(productId);
  const product = query.data;
  const cart = useAddToCart();
  const formId = useId();
  return (
    <Modal
      name="productDetails"
      title={product?.productName ?? 'Product details'}
      open
      onClose={onClose}
      size="lg"
      toasts
      footer={product === undefined || query.isError ? undefined : <ActionRow product={product} cart={cart} formId={formId} />}
    >
      {query.isError ? (
        <p role="alert" className="alert-error">
          {PRODUCT_UNAVAILABLE}
        </p>
      ) : product === undefined ? (
        <p className="py-10 text-center text-slate-500 dark:text-slate-400" role="status">
          Loading…
        </p>
      ) : (
        <ProductDetails product={product} cart={cart} formId={formId} />
      )}
    </Modal>
  );
}
