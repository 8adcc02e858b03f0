import { useState, type FormEvent } from 'react';
import { quantityChoices } from '../../../domain/cart';
import { formatUsd } from '../../../domain/format';
import {
  missingOptions,
  missingOptionsMessage,
  OFFERED_FIELD,
  OPTION_KINDS,
  OPTION_LABELS,
  type SelectedOptions,
} from '../../../domain/product-options';
import { PRODUCT_UNAVAILABLE } from '../../../shared/products';
import { Icon } from '../../components/icon';
import { Modal } from '../../components/modal';
import { addProductToCart } from './cart-store';
import { QuantitySelect } from './quantity-select';
import { StockState } from './stock-state';
import { useProduct } from './use-product';
import type { ShopProduct } from './wire';

type Feedback = { kind: 'error' | 'success'; text: string } | null;

function AddToCartForm({ product }: { product: ShopProduct }) {
  const [selected, setSelected] = useState<SelectedOptions>({});
  const [quantity, setQuantity] = useState(1);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const choices = quantityChoices(product.quantityInStock);
  const offered = OPTION_KINDS.filter((kind) => product[OFFERED_FIELD[kind]].length > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingOptions(product, selected);
    if (missing.length > 0) {
      setFeedback({ kind: 'error', text: missingOptionsMessage(missing) });
      return;
    }
    const { lineQuantity, capped } = addProductToCart(product, selected, Math.min(quantity, product.quantityInStock));
    setFeedback({
      kind: 'success',
      text: capped
        ? `Only ${product.quantityInStock} available: your cart now holds ${lineQuantity}.`
        : `Added to your cart (${lineQuantity} in this line).`,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3">
      {offered.map((kind) => (
        <label key={kind} className="block">
          <span className="mb-1 block text-sm font-semibold">{OPTION_LABELS[kind]}</span>
          <select
            className="input"
            value={selected[kind] ?? ''}
            onChange={(event) => {
              setSelected({ ...selected, [kind]: event.target.value });
              setFeedback(null);
            }}
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
          <QuantitySelect className="input" choices={choices} value={quantity} onChange={setQuantity} />
        </label>
      )}
      <button type="submit" className="btn-primary w-full" disabled={choices.length === 0}>
        <Icon name="shopping_cart" />
        {choices.length === 0 ? 'Out of stock' : 'Add to cart'}
      </button>
      <div aria-live="polite">
        {feedback !== null && (
          <p role={feedback.kind === 'error' ? 'alert' : 'status'} className={feedback.kind === 'error' ? 'alert-error' : 'alert-success'}>
            {feedback.text}
          </p>
        )}
      </div>
    </form>
  );
}

function ProductDetails({ product }: { product: ShopProduct }) {
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
        <AddToCartForm product={product} />
      </div>
    </div>
  );
}

/** The `productDetails` modal for one product id; a missing product shows the specification's message. */
export function ProductDetailsModal({ productId, onClose }: { productId: string; onClose: () => void }) {
  const query = useProduct(productId);
  const product = query.data;
  return (
    <Modal name="productDetails" title={product?.productName ?? 'Product details'} open onClose={onClose} size="lg">
      {query.isError ? (
        <p role="alert" className="alert-error">
          {PRODUCT_UNAVAILABLE}
        </p>
      ) : product === undefined ? (
        <p className="py-10 text-center text-slate-500 dark:text-slate-400" role="status">
          Loading…
        </p>
      ) : (
        <ProductDetails product={product} />
      )}
    </Modal>
  );
}
