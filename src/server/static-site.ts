import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { routeNotFound } from '../shared/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const ONE_DAY = 'public, max-age=86400';

/** Hashed build output is immutable; HTML and data files are revalidated; other public files are cached for a day. */
function cacheControlFor(filePath: string, root: string): string {
  const relative = path
    .relative(root, filePath)
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (relative.startsWith('static/')) return IMMUTABLE;
  if (relative.endsWith('.html') || relative.startsWith('data/') || relative.startsWith('assets/') || relative === 'sw.js') return REVALIDATE;
  return ONE_DAY;
}

const API_PREFIXES = ['/api/', '/media/', '/checkout/'];

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) || request.url === '/api') return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*') || accept === '';
}

/**
 * Serves the built single-page app from `root` (precompressed .br/.gz variants when present),
 * with index.html (the app's 404 page) as a 404 for unknown page paths. Unknown API paths stay JSON 404s.
 */
export async function registerStaticSite(app: FastifyInstance, root: string): Promise<void> {
  const indexPath = path.join(root, 'index.html');
  const hasSite = fs.existsSync(indexPath);
  if (hasSite) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(filePath, root));
      },
    });
    // `/` itself (and every page route) is answered by pages/page-routes.ts with index.html and
    // that page's meta tags, whatever Accept-Encoding says (@fastify/static would answer 403 for the
    // directory with index: false).
  } else {
    app.log.warn({ root }, 'no built web app found; run `npm run build` (API only)');
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (hasSite && wantsHtml(request)) {
      // Known page routes are answered by pages/page-routes.ts; anything else is the app's 404 page.
      return reply.code(404).header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw routeNotFound(request.method, request.url.split('?')[0] ?? '');
  });
}
