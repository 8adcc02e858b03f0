import { formatUsd } from '../../../domain/format';
import type { ShopProduct } from './wire';
import { StockState } from './stock-state';

/**
 * One product tile. `eager` for the first row: its picture is usually the page's largest paint, so
 * it loads at once (and first) instead of waiting for the lazy-loading layout pass.
 */
export function ProductCard({ product, onOpen, eager = false }: { product: ShopProduct; onOpen: () => void; eager?: boolean }) {
  const options = [
    product.shirtSizes.length > 0 ? `${product.shirtSizes.length} sizes` : null,
    product.shirtColors.length + product.vinylColors.length > 0
      ? `${product.shirtColors.length + product.vinylColors.length} colors`
      : null,
  ].filter((text) => text !== null);
  return (
    <button
      type="button"
      onClick={onOpen}
      className="card group flex h-full w-full flex-col overflow-hidden text-left transition hover:-translate-y-0.5 hover:shadow-lg"
    >
      <img
        src={product.imageURL}
        alt=""
        width={800}
        height={800}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        className="aspect-square w-full bg-slate-200 object-cover transition group-hover:scale-[1.02] dark:bg-slate-800"
      />
      <span className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <span className="text-base leading-tight font-bold sm:text-lg">{product.productName}</span>
        <span className="text-sm text-slate-600 dark:text-slate-400">{options.length > 0 ? options.join(' · ') : 'One size'}</span>
        <span className="mt-auto flex flex-wrap items-baseline justify-between gap-x-2 pt-2">
          <span className="text-lg font-black sm:text-xl">{formatUsd(product.priceCents)}</span>
          <span className="text-sm">
            <StockState stock={product.quantityInStock} />
          </span>
        </span>
      </span>
    </button>
  );
}
