import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fastifyStatic from '@fastify/static';
import { methodNotAllowed, routeNotFound, uriTooLong } from '../shared/errors';
import { isPagePath, siteFile } from '../shared/pages';
import { allowedMethodsOf } from './allowed-methods';
import { describePluginRoute, type RegisteredRoute } from './auth/route-registry';
import type { SitePages } from './pages/site-pages';

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
  if (relative.endsWith('.html') || relative.startsWith('data/') || relative.startsWith('assets/') || relative === 'sw.js')
    return REVALIDATE;
  return ONE_DAY;
}

const API_PREFIXES = ['/api/', '/media/', '/checkout/'];

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) || request.url === '/api') return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*') || accept === '';
}

/** A request target split into its path and its query (with the `?`, or empty). */
function splitTarget(url: string): { pathname: string; search: string } {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? { pathname: url, search: '' } : { pathname: url.slice(0, queryStart), search: url.slice(queryStart) };
}

/**
 * The address of every file of the built site (`/static/index-1a2b.js`), read once at start: a
 * build does not change while the server runs (an update is a new build and a restart).
 */
export function builtFiles(root: string): ReadonlySet<string> {
  // One directory at a time, addresses built as it goes: Node's recursive listing, with a
  // path.relative per file, took 14 ms of the start for the site's 1,450 files; this takes 2.
  const files = new Set<string>();
  const directories = [''];
  for (let directory = directories.pop(); directory !== undefined; directory = directories.pop()) {
    for (const entry of readdirSync(path.join(root, directory), { withFileTypes: true })) {
      if (entry.isDirectory()) directories.push(`${directory}/${entry.name}`);
      else if (entry.isFile()) files.add(`${directory}/${entry.name}`);
    }
  }
  return files;
}

/**
 * @fastify/static's file route checks, on every request, that the path is spelled as the files
 * on disk are, by listing every directory on the way (an alias on a case-insensitive disk would
 * otherwise slip past a route of the same path): 2 ms of CPU for a poster, whose directory holds
 * 800 files, three times the rest of its cost. A path that names a file of the build exactly,
 * as it is on disk, needs no such check: it is sent at once (`reply.sendFile`, the plugin's own
 * sending, with its precompressed variants and headers). Every other path (encoded, differently
 * spelled, a directory, a missing file) takes the plugin's route as before (decision 189).
 */
function servingBuiltFilesAtOnce(files: ReadonlySet<string>, served: RouteHandlerMethod): RouteHandlerMethod {
  return function (request, reply) {
    const { pathname } = splitTarget(request.url);
    if (files.has(pathname)) return reply.sendFile(pathname);
    return served.call(this, request, reply);
  };
}

/**
 * Tells whether a path would have matched a route with parameters but for a parameter longer than
 * the router allows. Without a built site the router itself answers those with 414; with one,
 * the site's wildcard file route catches them first, and they reach the not-found handler.
 */
function overLongParameter(routes: readonly RegisteredRoute[], maxLength: number): (method: string, pathname: string) => boolean {
  const patterns = routes
    .filter((entry) => entry.url.includes(':'))
    .map((entry) => ({
      method: entry.method,
      pattern: new RegExp(`^${entry.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '([^/]*)')}$`),
    }));
  return (method, pathname) =>
    patterns.some(({ method: routeMethod, pattern }) => {
      if (routeMethod !== (method === 'HEAD' ? 'GET' : method)) return false;
      const match = pattern.exec(pathname);
      return match !== null && match.slice(1).some((value) => value.length > maxLength);
    });
}

/**
 * Serves the built single-page app from `site.root` (precompressed .br/.gz variants when present).
 * Paths that name no file: a page path with a trailing slash is redirected to the path without it
 * (`/about/` → `/about`), other page paths get the app's 404 page, API paths a JSON 404; a path a
 * route serves, asked with a method none of its routes takes, gets 405 with `Allow`.
 */
export async function registerStaticSite(app: FastifyInstance, root: string, site: SitePages | undefined): Promise<void> {
  if (site !== undefined) {
    const files = builtFiles(site.root);
    app.addHook('onRoute', (route) => {
      if (route.url === siteFile.path && route.method.includes('GET')) route.handler = servingBuiltFilesAtOnce(files, route.handler);
    });
    await app.register(fastifyStatic, {
      root: site.root,
      preCompressed: true,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(filePath, site.root));
      },
    });
    describePluginRoute(app, 'GET', siteFile.path, { access: 'public', endpoint: siteFile });
    // `/` itself (and every page route) is answered by pages/page-routes.ts with index.html and
    // that page's meta tags, whatever Accept-Encoding says (@fastify/static would answer 403 for the
    // directory with index: false).
  } else {
    app.log.warn({ root }, 'no built web app found; run `npm run build` (API only)');
  }

  let tooLong: ReturnType<typeof overLongParameter> | undefined;
  let allowedAt: ReturnType<typeof allowedMethodsOf> | undefined;
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const { pathname, search } = splitTarget(request.url);
    tooLong ??= overLongParameter(app.routeRegistry, app.initialConfig.maxParamLength ?? 100);
    if (tooLong(request.method, pathname)) throw uriTooLong('A part of the request address is too long.');
    // A path that exists, asked with a method it does not take: 405 naming the ones it takes.
    allowedAt ??= allowedMethodsOf(app.routeRegistry);
    const allowed = allowedAt(pathname);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      throw methodNotAllowed(`${request.method} is not allowed on ${pathname}: it takes ${allowed.join(', ')}.`);
    }
    if (site !== undefined && wantsHtml(request)) {
      const withoutSlash = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
      if (withoutSlash !== pathname && isPagePath(withoutSlash)) return reply.redirect(`${withoutSlash}${search}`, 301);
      return site.sendNotFound(reply);
    }
    throw routeNotFound(request.method, pathname);
  });
}
