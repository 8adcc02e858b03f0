import type { FastifyInstance } from 'fastify';
import { crossSiteRequest } from '../shared/errors';

/**
 * Who may call a route. Every /api, /media and /checkout route must declare one (see app.ts).
 * 'player': anyone; the route acts for the browser's player (the `mingo_player` cookie, leagues).
 */
export type RouteAccess = 'public' | 'player' | 'signed-in' | 'admin' | 'webhook';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/** Browser features the site never uses, switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), payment=(), browsing-topics=()';

/**
 * The response headers every answer carries, computed once (they used to be recomputed per request
 * by a helmet plugin: ~10 % of a cached read's CPU). The set is helmet 8's, less X-Frame-Options
 * (CSP frame-ancestors 'none' says it, and the two must not disagree) and with HSTS only when the
 * site is served over HTTPS (PUBLIC_URL): on plain HTTP the header is meaningless at best.
 */
export function securityHeaders({ hsts }: { hsts: boolean }): Record<string, string> {
  return {
    'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
      .map(([directive, values]) => `${directive} ${values.join(' ')}`)
      .join('; '),
    'cross-origin-opener-policy': 'same-origin',
    // Media is same-origin; cross-origin isolation (COEP) would only get in the way of <video>.
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

export function registerSecurity(app: FastifyInstance, trustedOrigins: readonly string[], options: { hsts: boolean }): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const allowed = new Set(trustedOrigins);
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.access === 'webhook') return done();
    done(isSameOriginWrite(request.headers, allowed) ? undefined : crossSiteRequest());
  });
}

/**
 * Whether an unsafe request (POST, PUT, PATCH, DELETE …) may go on (decision 190). Multipart and
 * form posts are "simple" requests that get no CORS preflight, so every write is checked here:
 *
 * - `Sec-Fetch-Site` (set by the browser; a page cannot forge it) must be `same-origin`. `none`
 *   marks a navigation the user started (a bookmark, the address bar), never the app's own
 *   fetch or form post, so it is no reason to write anything; `same-site` and `cross-site` are
 *   other sites.
 * - Without it (older browsers), `Origin` must be one of the site's own.
 * - Without either, the caller is not a browser page: fine without cookies (nothing ambient to
 *   forge), refused with any (the staff session, the `mingo_player` cookie, or cookies the app
 *   does not know, which it cannot tell from credentials). Every browser sends Origin on a fetch
 *   or form write, so a write with cookies and neither header is not the app's own.
 */
export function isSameOriginWrite(
  headers: { 'sec-fetch-site'?: string | string[]; origin?: string | string[]; cookie?: string | string[] },
  allowed: ReadonlySet<string>,
): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const { origin } = headers;
  if (origin !== undefined) return typeof origin === 'string' && allowed.has(origin);
  return headers.cookie === undefined || headers.cookie.length === 0;
}
