import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { dollarsToCents } from '../../domain/format';
import type { Product } from '../../shared/products';
import { AppShell, type AppShellProps } from '../../ui/app-shell';
import type { TileProduct } from '../../ui/product-tile';

/** Where the built index.html holds the static app shell that the build rendered (vite.config.ts). */
export const APP_SHELL_REGION = /<!--app-shell-->[\s\S]*?<!--\/app-shell-->/;

/**
 * The static app shell (ui/app-shell.tsx) with a page's data: /about's years, /db's top and first
 * row, /shop's first catalogue page. React renders it here exactly as the app's first render draws
 * those parts, so the app takes over without moving anything.
 */
export function appShellHtml(props: AppShellProps): string {
  return `<!--app-shell-->${renderToStaticMarkup(createElement(AppShell, props))}<!--/app-shell-->`;
}

/** A catalogue product as a tile shows it: its price in cents, as the web app maps it (web/features/shop/wire.ts). */
export function tileProduct({ price, ...product }: Product): TileProduct {
  const priceCents = dollarsToCents(price);
  if (priceCents === null) throw new TypeError(`Product ${product.id} has an invalid price: ${String(price)}`);
  return { ...product, priceCents };
}
