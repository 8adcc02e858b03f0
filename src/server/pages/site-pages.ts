import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { documentTitle, PAGE_META, type PageMeta } from '../../shared/page-meta';
import { PRODUCT_NAME } from '../../shared/product';
import { withPageHead, type PageHead, type Preload } from './html-head';
import { escapeHtml } from '../html';
import { DB_SHELL_SLOT } from './db-shell';
import { SHOP_SHELL_SLOT } from './shop-shell';

/**
 * What a page's HTML carries besides its head: preload links, /shop's first catalogue page
 * (shop-shell.ts), /db's top and first row (db-shell.ts), and the published years as About's
 * intro names them (domain/boards.ts yearsSpan).
 */
export type PageExtras = { preloads?: readonly Preload[]; shopProducts?: string; dbPage?: string; aboutYears?: string };

/** Where About's static shell in index.html names the years (its build-time words in between). */
const ABOUT_YEARS_SLOT = /<!-- about-years -->[^<]*<!-- \/about-years -->/;

/** The built web app's index.html, answered with a page's own head by the page routes and the 404 handler. */
export type SitePages = {
  root: string;
  /** `/about` → `https://mingo.example/about` (PUBLIC_URL). */
  absolute: (pathname: string) => string;
  /** The head of a page whose picture is the site's icon; without `pathname`, no canonical URL. */
  headOf: (meta: PageMeta, pathname?: string) => PageHead;
  send: (reply: FastifyReply, head: PageHead, extras?: PageExtras) => FastifyReply;
  /** The app's 404 page (status 404, titled "Page not found"). */
  sendNotFound: (reply: FastifyReply) => FastifyReply;
};

const REVALIDATE = 'no-cache';

/** Reads index.html once; undefined without a built web app (API-only runs and most tests). */
export function loadSitePages(root: string, publicUrl: string): SitePages | undefined {
  const indexPath = path.join(root, 'index.html');
  if (!fs.existsSync(indexPath)) return undefined;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const absolute = (pathname: string) => `${publicUrl}${pathname}`;
  const siteImage = { url: absolute('/icons/icon-512.png'), width: 512, height: 512, alt: `${PRODUCT_NAME} logo` };

  const headOf = (meta: PageMeta, pathname?: string): PageHead => ({
    title: documentTitle(meta.name),
    description: meta.description,
    ...(pathname === undefined ? {} : { url: absolute(pathname) }),
    image: siteImage,
    card: 'summary',
    type: 'website',
  });
  const sendHtml = (reply: FastifyReply, html: string) =>
    reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').send(html);
  const notFoundHtml = withPageHead(indexHtml, headOf(PAGE_META.notFound), PRODUCT_NAME);

  return {
    root,
    absolute,
    headOf,
    send: (reply, head, { preloads, shopProducts, dbPage, aboutYears } = {}) => {
      let html = withPageHead(indexHtml, head, PRODUCT_NAME, preloads);
      if (shopProducts !== undefined) html = html.replace(SHOP_SHELL_SLOT, () => shopProducts);
      if (dbPage !== undefined) html = html.replace(DB_SHELL_SLOT, () => dbPage);
      if (aboutYears !== undefined) html = html.replace(ABOUT_YEARS_SLOT, () => escapeHtml(aboutYears));
      return sendHtml(reply, html);
    },
    sendNotFound: (reply) => sendHtml(reply.code(404), notFoundHtml),
  };
}
