import { formatUsd } from '../../../domain/format';
import { optionsSummary } from '../../../domain/product-options';
import { PRODUCT_PICTURE_SIZE, PRODUCT_TILE_CLASSES as TILE } from '../../../shared/product-tile';
import type { ShopProduct } from './wire';
import { StockState } from './stock-state';

/**
 * One product tile. `eager` for the first row: its picture is usually the page's largest paint, so
 * it loads at once (and first) instead of waiting for the lazy-loading layout pass. The server
 * paints the first page's tiles before the app loads (server/pages/shop-shell.ts) with the same
 * classes, so this must keep the same elements in the same order.
 */
export function ProductCard({ product, onOpen, eager = false }: { product: ShopProduct; onOpen: () => void; eager?: boolean }) {
  return (
    <button type="button" onClick={onOpen} className={`${TILE.tile} transition hover:-translate-y-0.5 hover:shadow-lg`}>
      <img
        src={product.imageURL}
        alt=""
        width={PRODUCT_PICTURE_SIZE}
        height={PRODUCT_PICTURE_SIZE}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        className={`${TILE.picture} transition group-hover:scale-[1.02]`}
      />
      <span className={TILE.body}>
        <span className={TILE.name}>{product.productName}</span>
        <span className={TILE.options}>{optionsSummary(product)}</span>
        <span className={TILE.footer}>
          <span className={TILE.price}>{formatUsd(product.priceCents)}</span>
          <span className={TILE.stock}>
            <StockState stock={product.quantityInStock} />
          </span>
        </span>
      </span>
    </button>
  );
}
