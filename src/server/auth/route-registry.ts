import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Endpoint } from '../../shared/contract';
import type { RouteAccess } from '../security';

/** One registered route, its access rule and (when registered through route.ts) its shared definition. */
export type RegisteredRoute = {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  endpoint?: Endpoint;
  rateLimit?: FastifyContextConfig['rateLimit'];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in registration order. */
    routeRegistry: RegisteredRoute[];
  }
}

export function registerRouteRegistry(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('routeRegistry', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // HEAD is answered by the GET handler under the GET's rule (Fastify adds it on its own).
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method: String(method),
        url: route.url,
        access: route.config?.access,
        ...(route.config?.endpoint === undefined ? {} : { endpoint: route.config.endpoint }),
        ...(route.config?.rateLimit === undefined ? {} : { rateLimit: route.config.rateLimit }),
      });
    }
  });
}

/**
 * Gives a route a plugin registered itself (@fastify/static's file route) its access rule and
 * shared definition, so the API document and the permission checks see it like any other.
 */
export function describePluginRoute(
  app: FastifyInstance,
  method: string,
  url: string,
  description: { access: RouteAccess; endpoint: Endpoint },
): void {
  const entry = app.routeRegistry.find((route) => route.method === method && route.url === url);
  if (entry === undefined) throw new Error(`No route ${method} ${url} to describe`);
  entry.access = description.access;
  entry.endpoint = description.endpoint;
}
