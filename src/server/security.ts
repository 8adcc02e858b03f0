import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { crossSiteRequest } from '../shared/errors';

/** Who may call a route. Every /api, /media and /checkout route must declare one (see app.ts). */
export type RouteAccess = 'public' | 'signed-in' | 'admin' | 'webhook';

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
 * `hsts`: send Strict-Transport-Security only when the site is served over HTTPS (PUBLIC_URL);
 * on plain HTTP the header is meaningless at best. X-Frame-Options is left out: CSP
 * frame-ancestors 'none' says it, and the two must not disagree.
 */
export async function registerSecurity(app: FastifyInstance, trustedOrigins: readonly string[], { hsts }: { hsts: boolean }): Promise<void> {
  await app.register(helmet, {
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: false,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Media is same-origin; cross-origin isolation headers would only get in the way of <video>.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });

  const allowed = new Set(trustedOrigins);
  // Cross-site state changes are refused. Multipart and form posts are "simple" requests that
  // get no CORS preflight, so the Origin / Sec-Fetch-Site headers are checked on every unsafe
  // method. Requests without either header come from non-browser clients and carry no ambient
  // browser credentials worth forging. Webhooks are authenticated by signature instead.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.access === 'webhook') return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    // Sec-Fetch-Site is set by the browser and cannot be forged by a page; older browsers
    // send only Origin.
    const sameOrigin =
      fetchSite !== undefined
        ? fetchSite === 'same-origin' || fetchSite === 'none'
        : origin === undefined || allowed.has(origin);
    if (!sameOrigin) {
      throw crossSiteRequest();
    }
  });
}
