import { z } from 'zod';
import { endpoint, rawResponse, type Endpoint } from './contract';
import { checkoutReturnPaths, PAGE_META, pagePaths, type PageMeta } from './page-meta';

// The web app's pages as the server answers them (index.html with each page's title and
// link-preview tags), and the files crawlers and browsers ask the site for.

const PAGES = 'Pages';
const SITE = 'Web app';

const PAGE_HTML = rawResponse(
  "The web app's HTML, with this page's title, description, canonical link and Open Graph / Twitter tags.",
  'text/html',
);
const MISSING_PAGE = { status: 404, description: 'No such page: the app\'s 404 page (HTML, titled "Page not found").' };

/**
 * A page without parameters: its endpoint, its title and description (PAGE_META), and whether
 * search engines should list it (`indexed`: in the sitemap; the others are kept out by robots.txt).
 */
export type StaticPage = { endpoint: Endpoint; meta: PageMeta; indexed: boolean };

function staticPage(path: string, meta: PageMeta, summary: string, indexed: boolean): StaticPage {
  return { endpoint: endpoint({ method: 'GET', path, summary, tag: PAGES, response: PAGE_HTML }), meta, indexed };
}

/**
 * The shop page's `?page=`, read as the shop reads it: the first value's leading integer, anything
 * else page 1 (a page answers whatever its query says; it is never a 400).
 */
export const ShopPageQuerySchema = z.object({
  page: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .catch(undefined)
    .transform((value) => {
      const page = Number.parseInt((Array.isArray(value) ? value[0] : value) ?? '1', 10);
      return Number.isFinite(page) ? page : 1;
    })
    .meta({ description: 'The catalogue page shown (default 1).' }),
});

export const shopPage = endpoint({
  method: 'GET',
  path: pagePaths.shop,
  summary: 'The merch shop.',
  tag: PAGES,
  query: ShopPageQuerySchema,
  response: PAGE_HTML,
});

export const staticPages: readonly StaticPage[] = [
  staticPage(pagePaths.home, PAGE_META.home, 'The boards: one movie-bingo board a year.', true),
  staticPage(pagePaths.about, PAGE_META.about, 'How the game works.', true),
  staticPage(pagePaths.db, PAGE_META.db, 'Every movie on the boards.', true),
  { endpoint: shopPage, meta: PAGE_META.shop, indexed: true },
  staticPage(checkoutReturnPaths.successPage, PAGE_META.success, 'After paying: the order, read from the server.', false),
  staticPage(checkoutReturnPaths.cancel, PAGE_META.cancel, 'After a cancelled checkout.', false),
  staticPage(pagePaths.manage, PAGE_META.manage, 'Staff: manage clips.', false),
  staticPage(pagePaths.upload, PAGE_META.upload, 'Staff: upload a clip.', false),
  staticPage(pagePaths.addProduct, PAGE_META.addProduct, 'Staff: add or edit products.', false),
  staticPage(pagePaths.staff, PAGE_META.staff, 'Admins: staff accounts.', false),
  staticPage(pagePaths.orders, PAGE_META.orders, 'Admins: orders.', false),
  staticPage(pagePaths.boards, PAGE_META.boards, 'Admins: the board editor.', false),
  staticPage(pagePaths.setup, PAGE_META.setup, 'First start: create the admin account from the one-time setup link.', false),
  staticPage(pagePaths.leagues, PAGE_META.leagues, "This browser's leagues, and its marks on another device.", false),
  staticPage(pagePaths.adminLeagues, PAGE_META.adminLeagues, 'Admins: open leagues and players per year; close a league.', false),
];

export const clipPage = endpoint({
  method: 'GET',
  path: pagePaths.clip,
  summary: "A clip's page, previewed with the clip's title and screenshot.",
  tag: PAGES,
  params: z.object({ id: z.string().meta({ description: "The clip's id." }) }),
  response: PAGE_HTML,
  extraResponses: [MISSING_PAGE],
});

export const sharePage = endpoint({
  method: 'GET',
  path: pagePaths.share,
  summary: 'A shared board, read-only, previewed with the board image (`/share/{code}.png`).',
  tag: PAGES,
  params: z.object({ code: z.string().meta({ description: 'The share code: the year and the 24 marks, 6 base64url characters.' }) }),
  response: PAGE_HTML,
  extraResponses: [MISSING_PAGE],
});

export const leaguePage = endpoint({
  method: 'GET',
  path: pagePaths.league,
  summary: "A league's page (its invite link): the standings for members, the league's name and a join form for anyone holding the link.",
  description: 'The HTML is the same for every code (the league is read by the app, for members only), so a link preview names no league.',
  tag: PAGES,
  params: z.object({ code: z.string().meta({ description: "The league's invite code." }) }),
  response: PAGE_HTML,
});

export const deviceLinkPage = endpoint({
  method: 'GET',
  path: pagePaths.deviceLink,
  summary: 'A one-time device link: binds this browser to the player who made it (the app calls `POST /api/me/links/{token}`).',
  tag: PAGES,
  params: z.object({ token: z.string().meta({ description: 'The one-time token.' }) }),
  response: PAGE_HTML,
});

export const ShareImageFormatSchema = z.enum(['wide', 'square']);

export const shareImage = endpoint({
  method: 'GET',
  path: `${pagePaths.share}.png`,
  summary: 'The image of a shared board (1200×630, or 1080×1080 with `format=square`), drawn on the server.',
  description: 'Drawn once per board, names and size (in memory, by content); concurrent requests for the same image share one drawing.',
  tag: PAGES,
  params: z.object({ code: z.string().meta({ description: 'The share code.' }) }),
  query: z.object({ format: ShareImageFormatSchema.default('wide') }),
  headers: z.object({ 'if-none-match': z.string().optional() }),
  response: rawResponse('A PNG image.', 'image/png'),
  errors: ['not_found'],
  extraResponses: [{ status: 304, description: 'Not modified (ETag matched).' }],
});

export const robotsTxt = endpoint({
  method: 'GET',
  path: '/robots.txt',
  summary: 'What crawlers may fetch: pages and images yes; the API, videos, checkout and staff pages no.',
  tag: SITE,
  response: rawResponse('robots.txt (RFC 9309).', 'text/plain'),
});

export const sitemapXml = endpoint({
  method: 'GET',
  path: '/sitemap.xml',
  summary: 'The public pages and the newest clips.',
  tag: SITE,
  response: rawResponse('A sitemap (sitemaps.org 0.9).', 'application/xml'),
});

export const faviconIco = endpoint({
  method: 'GET',
  path: '/favicon.ico',
  summary: 'Redirects to the SVG icon (for pages without an icon link).',
  tag: SITE,
  status: 301,
  response: rawResponse('Empty; `Location: /favicon.svg`.'),
});

/**
 * The built app's own files, served by @fastify/static (one wildcard route): hashed scripts and
 * styles, icons, posters, `data/*.json`, the manifest and the service worker.
 */
export const siteFile = endpoint({
  method: 'GET',
  path: '/*',
  summary: 'A file of the built web app: scripts, styles, icons, posters, data/*.json, the manifest, the service worker.',
  description:
    'Hashed files under /static/ are cached for a year; HTML, data and the service worker are revalidated. ' +
    'Precompressed (br, gzip) by Accept-Encoding. A path that names no file answers the 404 page (HTML) or a JSON 404.',
  tag: SITE,
  head: true,
  response: rawResponse(
    'The file.',
    'text/javascript',
    'text/css',
    'application/json',
    'image/png',
    'image/svg+xml',
    'image/webp',
    'application/manifest+json',
  ),
  errors: ['route_not_found'],
  extraResponses: [{ status: 304, description: 'Not modified.' }],
});

/** Patterns of every page path (`/clip/:id` style), for telling a page path from any other. */
const PAGE_PATTERNS = [
  ...staticPages.map((page) => page.endpoint.path),
  clipPage.path,
  sharePage.path,
  leaguePage.path,
  deviceLinkPage.path,
].map((path) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`));

/** True for a path the app has a page at (`/about`, `/clip/x`), not for files or API paths. */
export function isPagePath(pathname: string): boolean {
  return PAGE_PATTERNS.some((pattern) => pattern.test(pathname));
}
