import type { RegisteredRoute } from './auth/route-registry';

/** The order the methods are named in an Allow header. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const rank = (method: string) => {
  const index = METHOD_ORDER.indexOf(method);
  return index === -1 ? METHOD_ORDER.length : index;
};

/**
 * The methods a path is served with, for the Allow header of a 405 (decision 190): every route
 * whose pattern matches the path (the router keeps one tree per method, so a path can be a static
 * route for one method and a parameter's value for another), and HEAD wherever GET is (Fastify
 * answers HEAD with the GET route). Wildcard routes are left out: the built site's `/*` serves
 * files that exist and better-auth's `/api/auth/*` only refuses, so neither makes a path known.
 * A path no route matches gets an empty list: it is a 404.
 */
export function allowedMethodsOf(routes: readonly RegisteredRoute[]): (pathname: string) => string[] {
  const patterns = routes
    .filter((entry) => !entry.url.includes('*'))
    .map((entry) => ({
      method: entry.method,
      pattern: new RegExp(`^${entry.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`),
    }));
  return (pathname) => {
    const methods = new Set(patterns.filter(({ pattern }) => pattern.test(pathname)).map(({ method }) => method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  };
}
