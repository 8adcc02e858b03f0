import { formatUsd } from '../../domain/format';
import { optionsSummary, stockState } from '../../domain/product-options';
import type { Product } from '../../shared/products';
import { PRODUCT_PICTURE_SIZE, PRODUCT_TILE_CLASSES as TILE, SHOP_FIRST_ROW, STOCK_TONE_CLASSES } from '../../shared/product-tile';
import { escapeHtml } from '../html';

/** Where index.html's static shell of /shop takes the first page's tiles (src/web/index.html). */
export const SHOP_SHELL_SLOT = '<!-- shop-shell-products -->';

/**
 * The first catalogue page as static tiles, painted with the HTML before the app's code arrives (the
 * shop's largest paint is a product picture): the same elements and classes as the React card
 * (web/features/shop/product-card.tsx), without its button — the shell is inert and the app
 * replaces it on its first render, tile for tile in the same place.
 */
export function shopShellProducts(items: readonly Product[]): string {
  if (items.length === 0) return '';
  const tiles = items.map((product, index) => {
    const eager = index < SHOP_FIRST_ROW;
    const stock = stockState(product.quantityInStock);
    return [
      `<li><span class="${TILE.tile}">`,
      `<img src="${escapeHtml(product.imageURL)}" alt="" width="${PRODUCT_PICTURE_SIZE}" height="${PRODUCT_PICTURE_SIZE}"`,
      ` loading="${eager ? 'eager' : 'lazy'}" fetchpriority="${eager ? 'high' : 'auto'}" decoding="async" class="${TILE.picture}" />`,
      `<span class="${TILE.body}">`,
      `<span class="${TILE.name}">${escapeHtml(product.productName)}</span>`,
      `<span class="${TILE.options}">${escapeHtml(optionsSummary(product))}</span>`,
      `<span class="${TILE.footer}"><span class="${TILE.price}">${formatUsd(Math.round(product.price * 100))}</span>`,
      `<span class="${TILE.stock}"><span class="${STOCK_TONE_CLASSES[stock.tone]}">${stock.label}</span></span></span>`,
      `</span></span></li>`,
    ].join('');
  });
  return `<div class="${TILE.page}"><section><ul class="${TILE.list}">${tiles.join('')}</ul></section></div>`;
}
