import type { FastifyInstance } from 'fastify';
import { BOARD_IMAGE_SIZES, boardSummary } from '../../domain/board-image';
import { FREE_SPACE_INDEX, yearsSpan } from '../../domain/boards';
import { escapeMarkup } from '../../domain/markup';
import { decodeShareCode } from '../../domain/share-code';
import { buildPath, endpointUrl } from '../../shared/contract';
import { notFound } from '../../shared/errors';
import { checkoutReturnPaths, documentTitle, PAGE_META, pagePaths, sharePaths } from '../../shared/page-meta';
import {
  clipPage,
  deviceLinkPage,
  faviconIco,
  leaguePage,
  robotsTxt,
  shareImage,
  sharePage,
  shopPage,
  sitemapXml,
  staticPages,
} from '../../shared/pages';
import { POSTER_SIZES } from '../../shared/poster-sizes';
import { PRODUCT_NAME } from '../../shared/product';
import { listProducts, SHOP_PAGE_SIZE, shopPageQuery } from '../../shared/products';
import { createBoardService } from '../boards/board-service';
import { demoPosterRasters } from '../boards/posters';
import { createClipRepository } from '../clips/clip-repository';
import type { AppContext } from '../context';
import { MEDIA_TYPES } from '../media/storage';
import { createProductService } from '../products/product-service';
import { route } from '../route';
import { createShareImageRenderer } from './share-image';
import { appShellHtml, tileProduct } from './app-shell';
import type { Preload } from '../../ui/page-head';
import type { PageExtras, SitePages } from './site-pages';

const SITEMAP_CLIPS = 500;
const REVALIDATE = 'no-cache';
const IMAGE_CACHE = 'public, max-age=86400';
/**
 * A share image shows a published board, and a board can be unpublished at any time: caches may
 * keep one for five minutes, then ask again (decision 190). A version in its address would not
 * help there, since an unpublished board's address does not change. Asking again is cheap: the
 * drawing is kept in memory (share-image.ts), and an unchanged board answers 304 with no body.
 */
export const SHARE_IMAGE_CACHE = 'public, max-age=300, must-revalidate';
/**
 * A share image is drawn on a cache miss (tens of milliseconds of CPU); link-preview crawlers
 * fetch one image per shared link, so a minute's allowance per address is generous for them
 * and keeps one client from drawing thousands of boards.
 */
export const SHARE_IMAGE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/**
 * robots.txt: crawlers may read the public pages and every image a page previews with (clip
 * screenshots under /media/, share images, icons), but not the API, the clip videos (large,
 * streamed by Range) or the pages that are staff-only or checkout steps.
 */
export function robotsRules(sitemapUrl: string): string {
  const imageExtensions = Object.entries(MEDIA_TYPES)
    .filter(([, type]) => type.startsWith('image/'))
    .map(([extension]) => extension);
  const privatePages = staticPages.filter((page) => !page.indexed).map((page) => page.endpoint.path);
  return [
    'User-agent: *',
    // /leagues covers each league's page; /me/ the one-time device links.
    ...['/api/', '/media/', '/checkout/', '/me/', ...privatePages].map((prefix) => `Disallow: ${prefix}`),
    ...imageExtensions.map((extension) => `Allow: /media/*.${extension}$`),
    '',
    `Sitemap: ${sitemapUrl}`,
    '',
  ].join('\n');
}

export type PageRoutesOptions = { ctx: AppContext; site: SitePages };

/**
 * The page routes of the single-page app, answered with index.html carrying that page's title,
 * description and link-preview tags; a clip or share code that does not exist gets the app's
 * 404 page. Paths not registered here fall through to the static site (static-site.ts).
 */
export async function pageRoutes(app: FastifyInstance, { ctx, site }: PageRoutesOptions): Promise<void> {
  const clips = createClipRepository(ctx.database.db);
  const images = createShareImageRenderer({ footer: new URL(ctx.config.publicUrl).host });
  const { absolute } = site;

  // Share pages and images, and the DB's preload and first paint, read the published boards (drafts
  // are invisible), kept with the boards' cached answers and dropped with them when a board or movie
  // changes. With the demo posters' WebP renditions, as GET /api/boards has them: the DB names them.
  const boards = createBoardService(ctx.database.db, ctx.storage, { demoRasters: demoPosterRasters(ctx.config.staticDir) });
  const publishedBoards = () =>
    ctx.publicCache.remember('boards', 'published boards of the pages', async () => {
      const { items } = await boards.listPublished();
      const firstPoster = items[0]?.movies.find((_, position) => position !== FREE_SPACE_INDEX)?.poster;
      const years = new Set(items.map((board) => board.year));
      const aboutYears = yearsSpan([...years]);
      const dbShell = appShellHtml({ aboutYears, boards: items });
      const aboutShell = appShellHtml({ aboutYears });
      return { bytes: Buffer.from(dbShell + aboutShell), years, firstPoster, dbShell, aboutShell };
    });

  const products = createProductService(ctx.database.db);
  /**
   * What the pages whose largest paint is a picture send with their HTML: the DB preloads its first
   * poster (the newest year's first movie) and paints its top and first row before the app loads
   * (app-shell.ts); the shop's first page preloads its catalogue answer and paints its tiles, the
   * first row's pictures preloaded, before the app loads. These are hints: when they cannot be
   * worked out, the page is sent without them.
   */
  const dbExtras = async (): Promise<PageExtras> => {
    const { firstPoster, dbShell } = await publishedBoards();
    if (firstPoster === undefined) return { preloads: [], shell: dbShell };
    // The rendition the DB row shows: its first <source> (the best format) at the row's sizes.
    const [source] = firstPoster.sources;
    const preload: Preload = { href: firstPoster.src, as: 'image' };
    return { preloads: [source === undefined ? preload : { ...preload, source: { ...source, sizes: POSTER_SIZES.row } }], shell: dbShell };
  };
  // About's shell names the published years as the page will (an organiser's new board shows at once).
  const aboutExtras = async (): Promise<PageExtras> => ({ shell: (await publishedBoards()).aboutShell });
  const shopExtras = async (page: number): Promise<PageExtras> => {
    if (page !== 1) return {};
    // Kept with the catalogue's cached answers, and dropped with them when a product changes.
    return ctx.publicCache.remember('products', 'shop page shell', async () => {
      const { items } = await products.listActive(1, SHOP_PAGE_SIZE);
      // The first row's pictures load at once (SHOP_FIRST_ROW): react-dom/server puts their preload
      // links at the front of the shell it renders.
      const shell = appShellHtml({ products: items.map(tileProduct) });
      // The catalogue page the shop renders: without it, its request waits for the shop's code.
      const preloads: Preload[] = [{ href: endpointUrl(listProducts.path, {}, shopPageQuery(1)), as: 'fetch' }];
      return { bytes: Buffer.from(shell), preloads, shell };
    });
  };
  const extras = async (path: string, work: () => Promise<PageExtras>, log: { warn: (o: object, m: string) => void }) => {
    try {
      return await work();
    } catch (error) {
      log.warn({ err: error }, `no preloads or shell content for ${path}`);
      return {};
    }
  };

  for (const page of staticPages) {
    const { path: pagePath } = page.endpoint;
    if (page.endpoint === shopPage) continue;
    const work = pagePath === pagePaths.db ? dbExtras : pagePath === pagePaths.about ? aboutExtras : async () => ({});
    // /success carries the checkout session in its address: no page it links to learns it.
    const noReferrer = pagePath === checkoutReturnPaths.successPage;
    route(app, page.endpoint, { access: 'public' }, async ({ request, reply }) => {
      if (noReferrer) reply.header('referrer-policy', 'no-referrer');
      return site.send(reply, site.headOf(page.meta, pagePath), await extras(pagePath, work, request.log));
    });
  }
  // The shop's `?page=` parsed with its schema (route() does it), never read from request.query by hand.
  route(app, shopPage, { access: 'public' }, async ({ query, request, reply }) =>
    site.send(reply, site.headOf(PAGE_META.shop, shopPage.path), await extras(shopPage.path, () => shopExtras(query.page), request.log)),
  );

  route(app, clipPage, { access: 'public' }, async ({ params: { id }, reply }) => {
    const clip = await clips.findById(id);
    if (clip === null) return site.sendNotFound(reply);
    return site.send(reply, {
      title: documentTitle(clip.title),
      description: `A spoiler-free clip of ${clip.title} on ${PRODUCT_NAME}, uploaded by ${clip.displayName}.`,
      url: absolute(buildPath(clipPage.path, { id })),
      image: { url: absolute(clip.screenshotURL), alt: `${clip.title} screenshot` },
      card: 'summary_large_image',
      type: 'video.other',
    });
  });

  // A league's page and a device link carry a capability in their address (the invite code, the
  // one-time token): the same HTML for every value, naming no league, and sent with no referrer.
  for (const [page, meta] of [
    [leaguePage, PAGE_META.league],
    [deviceLinkPage, PAGE_META.deviceLink],
  ] as const) {
    route(app, page, { access: 'public' }, async ({ reply }) =>
      site.send(reply.header('referrer-policy', 'no-referrer'), site.headOf(meta)),
    );
  }

  route(app, sharePage, { access: 'public' }, async ({ params: { code }, reply }) => {
    const { years } = await publishedBoards();
    const decoded = decodeShareCode(code, (year) => years.has(year));
    if (!decoded.ok) return site.sendNotFound(reply);
    const summary = boardSummary(decoded.board.year, decoded.board.seen);
    const { width, height } = BOARD_IMAGE_SIZES.wide;
    return site.send(reply, {
      title: documentTitle(`Shared board ${summary}`),
      description: `A ${PRODUCT_NAME} movie-bingo board: ${summary}. Open it and compare it with yours.`,
      url: absolute(sharePaths.page(code)),
      image: { url: absolute(sharePaths.image(code)), width, height, alt: `${PRODUCT_NAME} board ${summary}` },
      card: 'summary_large_image',
      type: 'website',
    });
  });

  route(
    app,
    shareImage,
    { access: 'public', rateLimit: SHARE_IMAGE_RATE_LIMIT, compress: false },
    async ({ params: { code }, query: { format }, headers, reply }) => {
      const { years } = await publishedBoards();
      const decoded = decodeShareCode(code, (year) => years.has(year));
      if (!decoded.ok) throw notFound(decoded.message);
      const names = await boards.publishedNames(decoded.board.year);
      if (names === undefined) throw notFound(`This share code is for ${decoded.board.year}, which has no board.`);
      const image = await images.render(decoded.board, names, format);
      reply.header('Cache-Control', SHARE_IMAGE_CACHE).header('ETag', image.etag).header('Cross-Origin-Resource-Policy', 'cross-origin');
      if (headers['if-none-match'] === image.etag) return reply.code(304).send();
      return reply.type('image/png').send(image.png);
    },
  );

  // Browsers ask for /favicon.ico on pages without an icon link (the test checkout page, raw files).
  route(app, faviconIco, { access: 'public' }, async ({ reply }) =>
    reply.header('Cache-Control', IMAGE_CACHE).redirect('/favicon.svg', 301),
  );

  route(app, robotsTxt, { access: 'public' }, async ({ reply }) =>
    reply
      .header('Cache-Control', IMAGE_CACHE)
      .type('text/plain; charset=utf-8')
      .send(robotsRules(absolute(sitemapXml.path))),
  );

  route(app, sitemapXml, { access: 'public' }, async ({ reply }) => {
    const page = await clips.listNewest({ limit: SITEMAP_CLIPS });
    const indexed = staticPages.filter((entry) => entry.indexed);
    const urls = [
      ...indexed.map((entry) => `  <url><loc>${escapeMarkup(absolute(entry.endpoint.path))}</loc></url>`),
      ...page.items.map(
        (clip) =>
          `  <url><loc>${escapeMarkup(absolute(buildPath(clipPage.path, { id: clip.docID })))}</loc><lastmod>${clip.timestamp.slice(0, 10)}</lastmod></url>`,
      ),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ];
    return reply.header('Cache-Control', REVALIDATE).type('application/xml; charset=utf-8').send(xml.join('\n'));
  });
}
