import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { documentTitle, PAGE_META, type PageMeta } from '../../shared/page-meta';
import { PRODUCT_NAME } from '../../shared/product';
import type { PageHead, Preload } from '../../ui/page-head';
import { withPageHead } from './html-head';
import { APP_SHELL_REGION } from './app-shell';

/**
 * What a page's HTML carries besides its head: preload links, and the static app shell with the
 * page's data (app-shell.ts: /about's years, /db's top and first row, /shop's first catalogue page).
 */
export type PageExtras = { preloads?: readonly Preload[]; shell?: string };

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
    send: (reply, head, { preloads, shell } = {}) => {
      const html = withPageHead(indexHtml, head, PRODUCT_NAME, preloads);
      return sendHtml(reply, shell === undefined ? html : html.replace(APP_SHELL_REGION, () => shell));
    },
    sendNotFound: (reply) => sendHtml(reply.code(404), notFoundHtml),
  };
}
