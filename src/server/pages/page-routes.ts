import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { BOARD_IMAGE_SIZES, boardSummary } from '../../domain/board-image';
import { boardForYear } from '../../domain/boards';
import { decodeShareCode } from '../../domain/share-code';
import { MovieListSchema, type Movie } from '../../shared/content';
import { documentTitle, PAGE_META, type PageMeta, sharePaths } from '../../shared/page-meta';
import { PRODUCT_NAME } from '../../shared/product';
import { createClipRepository } from '../clips/clip-repository';
import type { AppContext } from '../context';
import { notFound as notFoundError, validationFailed } from '../../shared/errors';
import { withPageHead, type PageHead } from './html-head';
import { createShareImageRenderer } from './share-image';

/**
 * The page routes of the single-page app, answered by the server with index.html carrying that
 * page's title, description and link-preview tags. Paths not listed here (and clips or share
 * codes that do not exist) fall through to the static site's 404 page.
 */
const STATIC_PAGES: Record<string, PageMeta> = {
  '/': PAGE_META.home,
  '/about': PAGE_META.about,
  '/db': PAGE_META.db,
  '/shop': PAGE_META.shop,
  '/success': PAGE_META.success,
  '/cancel': PAGE_META.cancel,
  '/manage': PAGE_META.manage,
  '/upload': PAGE_META.upload,
  '/add-product': PAGE_META.addProduct,
  '/staff': PAGE_META.staff,
  '/orders': PAGE_META.orders,
  '/setup': PAGE_META.setup,
};

/** Pages worth a search engine's visit (the others are staff-only or checkout steps). */
const INDEXED_PAGES = ['/', '/about', '/db', '/shop'];
const SITEMAP_CLIPS = 500;
const REVALIDATE = 'no-cache';
const IMAGE_CACHE = 'public, max-age=86400';

const ShareImageQuerySchema = z.object({ format: z.enum(['wide', 'square']).default('wide') });

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export type PageRoutesOptions = { ctx: AppContext; siteRoot: string };

/** Registers nothing without a built web app (API-only runs and tests without a site). */
export async function pageRoutes(app: FastifyInstance, { ctx, siteRoot }: PageRoutesOptions): Promise<void> {
  const indexPath = path.join(siteRoot, 'index.html');
  if (!fs.existsSync(indexPath)) return;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const publicUrl = ctx.config.publicUrl;
  const clips = createClipRepository(ctx.database.db);
  const images = createShareImageRenderer({ footer: new URL(publicUrl).host });
  const absolute = (pathname: string) => `${publicUrl}${pathname}`;
  const siteImage = { url: absolute('/icons/icon-512.png'), width: 512, height: 512, alt: `${PRODUCT_NAME} logo` };

  let movies: Promise<Movie[]> | undefined;
  const movieList = () => {
    movies ??= fs.promises
      .readFile(path.join(siteRoot, 'data', 'movielist.json'), 'utf8')
      .then((text) => MovieListSchema.parse(JSON.parse(text)));
    return movies;
  };

  const sendPage = (reply: FastifyReply, head: PageHead) =>
    reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').send(withPageHead(indexHtml, head, PRODUCT_NAME));

  const staticHead = (pathname: string, meta: PageMeta): PageHead => ({
    title: documentTitle(meta.name),
    description: meta.description,
    url: absolute(pathname),
    image: siteImage,
    card: 'summary',
    type: 'website',
  });

  const notFound = (reply: FastifyReply, pathname: string) =>
    sendPage(reply.code(404), staticHead(pathname, PAGE_META.notFound));

  for (const [pathname, meta] of Object.entries(STATIC_PAGES)) {
    app.get(pathname, { config: { access: 'public' } }, async (_request, reply) => sendPage(reply, staticHead(pathname, meta)));
  }

  app.get<{ Params: { id: string } }>('/clip/:id', { config: { access: 'public' } }, async (request, reply) => {
    const pathname = `/clip/${encodeURIComponent(request.params.id)}`;
    const clip = await clips.findById(request.params.id);
    if (clip === null) return notFound(reply, pathname);
    return sendPage(reply, {
      title: documentTitle(clip.title),
      description: `A spoiler-free clip of ${clip.title} on ${PRODUCT_NAME}, uploaded by ${clip.displayName}.`,
      url: absolute(pathname),
      image: { url: absolute(clip.screenshotURL), alt: `${clip.title} screenshot` },
      card: 'summary_large_image',
      type: 'video.other',
    });
  });

  // One route for a shared board's page (/share/CODE) and its preview image (/share/CODE.png).
  app.get<{ Params: { file: string } }>('/share/:file', { config: { access: 'public' } }, async (request, reply) => {
    const { file } = request.params;
    const isImage = file.endsWith('.png');
    const code = isImage ? file.slice(0, -'.png'.length) : file;
    const decoded = decodeShareCode(code);
    if (!isImage) {
      if (!decoded.ok) return notFound(reply, `/share/${encodeURIComponent(file)}`);
      const { year, seen } = decoded.board;
      const summary = boardSummary(year, seen);
      const { width, height } = BOARD_IMAGE_SIZES.wide;
      return sendPage(reply, {
        title: documentTitle(`Shared board ${summary}`),
        description: `A ${PRODUCT_NAME} movie-bingo board: ${summary}. Open it and compare it with yours.`,
        url: absolute(sharePaths.page(code)),
        image: { url: absolute(sharePaths.image(code)), width, height, alt: `${PRODUCT_NAME} board ${summary}` },
        card: 'summary_large_image',
        type: 'website',
      });
    }
    if (!decoded.ok) throw notFoundError(decoded.message);
    const query = ShareImageQuerySchema.safeParse(request.query);
    if (!query.success) throw validationFailed('format must be "wide" or "square".');
    const names = boardForYear(await movieList(), decoded.board.year).map((movie) => movie.name);
    const image = await images.render(decoded.board, names, query.data.format);
    reply.header('Cache-Control', IMAGE_CACHE).header('ETag', image.etag).header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
    return reply.type('image/png').send(image.png);
  });

  // Browsers ask for /favicon.ico on pages without an icon link (the test checkout page, raw files).
  app.get('/favicon.ico', { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('Cache-Control', IMAGE_CACHE).redirect('/favicon.svg', 301),
  );

  app.get('/robots.txt', { config: { access: 'public' } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      ...['/api/', '/media/', '/checkout/', '/manage', '/upload', '/add-product', '/staff', '/orders', '/setup', '/success', '/cancel'].map(
        (prefix) => `Disallow: ${prefix}`,
      ),
      '',
      `Sitemap: ${absolute('/sitemap.xml')}`,
      '',
    ];
    return reply.header('Cache-Control', IMAGE_CACHE).type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { config: { access: 'public' } }, async (_request, reply) => {
    const page = await clips.listNewest({ limit: SITEMAP_CLIPS });
    const urls = [
      ...INDEXED_PAGES.map((pathname) => `  <url><loc>${escapeXml(absolute(pathname))}</loc></url>`),
      ...page.items.map(
        (clip) =>
          `  <url><loc>${escapeXml(absolute(`/clip/${encodeURIComponent(clip.docID)}`))}</loc><lastmod>${clip.timestamp.slice(0, 10)}</lastmod></url>`,
      ),
    ];
    const xml = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''];
    return reply.header('Cache-Control', REVALIDATE).type('application/xml; charset=utf-8').send(xml.join('\n'));
  });
}
