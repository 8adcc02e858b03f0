import type { FastifyPluginAsync } from 'fastify';
import { apiDocsPage, apiDocsStyles, openApiDocument } from '../../shared/api-docs';
import { MOUNTED_AUTH_ENDPOINTS } from '../../shared/auth';
import type { RouteOptions } from '../context';
import { renderDocsPage, DOCS_CSS } from '../openapi/docs-page';
import { buildOpenApiDocument, type DocumentedRoute, type OpenApiDocument } from '../openapi/openapi';
import { route } from '../route';

/**
 * Every route registered from a shared definition, plus the better-auth endpoints the app
 * passes through (one wildcard route on the server, documented from their shared definitions).
 */
export function documentedRoutes(
  registered: readonly {
    endpoint?: DocumentedRoute['endpoint'];
    access: DocumentedRoute['access'];
    rateLimit?: DocumentedRoute['rateLimit'];
  }[],
): DocumentedRoute[] {
  const fromRoutes = registered.flatMap((entry) =>
    entry.endpoint === undefined ? [] : [{ endpoint: entry.endpoint, access: entry.access, rateLimit: entry.rateLimit }],
  );
  const auth = MOUNTED_AUTH_ENDPOINTS.map((endpoint) => ({ endpoint, access: 'public' as const }));
  return [...fromRoutes, ...auth];
}

/** GET /api/openapi.json and the reference page at /api/docs (built once, after every route is registered). */
export const apiDocsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  let document: OpenApiDocument | undefined;
  const documentOf = () => (document ??= buildOpenApiDocument(documentedRoutes(app.routeRegistry), ctx.config.publicUrl));
  let page: string | undefined;

  route(app, openApiDocument, { access: 'public' }, async () => documentOf());

  route(app, apiDocsPage, { access: 'public' }, async ({ reply }) => {
    page ??= renderDocsPage(documentOf(), apiDocsStyles.path, openApiDocument.path);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });

  route(app, apiDocsStyles, { access: 'public' }, async ({ reply }) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(DOCS_CSS),
  );
};
