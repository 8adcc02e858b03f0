import { formatUsd } from '../domain/format';
import { optionsSummary, stockState, type OfferedOptions, type StockTone } from '../domain/product-options';

/**
 * The look of a shop product tile. The shop's catalogue (web/features/shop/product-list.tsx) and
 * the static first paint of /shop that the server sends (app-shell.tsx) both draw ProductTile, so
 * the two lay out alike and the app's first render does not move the page.
 */
export const PRODUCT_TILE_CLASSES = {
  /** The shop page's two columns: products, then the cart (beside them from `lg`). */
  page: 'grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]',
  list: 'grid grid-cols-2 gap-3 sm:gap-4',
  tile: 'card group flex h-full w-full flex-col overflow-hidden text-left',
  picture: 'aspect-square w-full bg-slate-200 object-cover dark:bg-slate-800',
  body: 'flex flex-1 flex-col gap-1 p-3 sm:p-4',
  name: 'text-base leading-tight font-bold sm:text-lg',
  options: 'text-sm text-slate-600 dark:text-slate-400',
  footer: 'mt-auto flex flex-wrap items-baseline justify-between gap-x-2 pt-2',
  price: 'text-lg font-black sm:text-xl',
  stock: 'text-sm',
} as const;

const STOCK_TONE_CLASSES: Readonly<Record<StockTone, string>> = {
  out: 'font-semibold text-rose-600 dark:text-rose-400',
  low: 'font-semibold text-amber-700 dark:text-amber-300',
  in: 'font-semibold text-emerald-700 dark:text-emerald-400',
};

/** The tiles of the grid's first row: their pictures load at once (and first), not lazily. */
export const SHOP_FIRST_ROW = 2;

/** A tile's picture is square; its intrinsic size, so the browser reserves the space. */
export const PRODUCT_PICTURE_SIZE = 800;

/** How many are left, in words; "Out of stock" at zero. */
export function StockState({ stock }: { stock: number }) {
  const { tone, label } = stockState(stock);
  return <span className={STOCK_TONE_CLASSES[tone]}>{label}</span>;
}

export type TileProduct = OfferedOptions & {
  id: string;
  imageURL: string;
  productName: string;
  priceCents: number;
  quantityInStock: number;
};

/**
 * One product tile: a button that opens the product's details, or, without `onOpen`, the inert
 * tile of the static first paint. `eager` for the first row: its picture is usually the page's
 * largest paint, so it loads at once (and first) instead of waiting for the lazy-loading layout pass.
 */
export function ProductTile({ product, onOpen, eager = false }: { product: TileProduct; onOpen?: () => void; eager?: boolean }) {
  const content = (
    <>
      <img
        src={product.imageURL}
        alt=""
        width={PRODUCT_PICTURE_SIZE}
        height={PRODUCT_PICTURE_SIZE}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        className={
          onOpen === undefined ? PRODUCT_TILE_CLASSES.picture : `${PRODUCT_TILE_CLASSES.picture} transition group-hover:scale-[1.02]`
        }
      />
      <span className={PRODUCT_TILE_CLASSES.body}>
        <span className={PRODUCT_TILE_CLASSES.name}>{product.productName}</span>
        <span className={PRODUCT_TILE_CLASSES.options}>{optionsSummary(product)}</span>
        <span className={PRODUCT_TILE_CLASSES.footer}>
          <span className={PRODUCT_TILE_CLASSES.price}>{formatUsd(product.priceCents)}</span>
          <span className={PRODUCT_TILE_CLASSES.stock}>
            <StockState stock={product.quantityInStock} />
          </span>
        </span>
      </span>
    </>
  );
  if (onOpen === undefined) return <span className={PRODUCT_TILE_CLASSES.tile}>{content}</span>;
  return (
    <button type="button" onClick={onOpen} className={`${PRODUCT_TILE_CLASSES.tile} transition hover:-translate-y-0.5 hover:shadow-lg`}>
      {content}
    </button>
  );
}

/** The first catalogue page as the static shell paints it: the shop's grid of inert tiles. */
export function ShopShellProducts({ products }: { products: readonly TileProduct[] }) {
  return (
    <div className={PRODUCT_TILE_CLASSES.page}>
      <section>
        <ul className={PRODUCT_TILE_CLASSES.list}>
          {products.map((product, index) => (
            <li key={product.id}>
              <ProductTile product={product} eager={index < SHOP_FIRST_ROW} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
