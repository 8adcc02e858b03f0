import type { StockTone } from '../domain/product-options';

/**
 * The look of a shop product tile, shared by the shop's React card (web/features/shop/product-card.tsx)
 * and the static first paint of /shop that the server writes into index.html
 * (server/pages/shop-shell.ts): the two must lay out alike, or the app's first render moves the page.
 * Interactive styling (hover) stays in the React card.
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

// Stryker disable ObjectLiteral,StringLiteral: style classes, not logic; the shop's browser stories (first paint, stock states) and axe's contrast check cover them
export const STOCK_TONE_CLASSES: Readonly<Record<StockTone, string>> = {
  out: 'font-semibold text-rose-600 dark:text-rose-400',
  low: 'font-semibold text-amber-700 dark:text-amber-300',
  in: 'font-semibold text-emerald-700 dark:text-emerald-400',
};
// Stryker restore ObjectLiteral,StringLiteral

/** The tiles of the grid's first row: their pictures load at once (and first), not lazily. */
export const SHOP_FIRST_ROW = 2;

/** A tile's picture is square; its intrinsic size, so the browser reserves the space. */
export const PRODUCT_PICTURE_SIZE = 800;
