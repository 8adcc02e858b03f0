import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../security';
import { signedInAs, TEST_ORIGIN } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

/**
 * Who may call each route: ONE row per registered route (method + path as registered). A route
 * added without a row here — or with a different access rule — fails this test.
 * 'public': anyone; 'player': anyone, acting for the browser's player (leagues); 'signed-in': any staff account; 'admin': admins only; 'webhook': anyone,
 * authenticated by signature.
 */
const EXPECTED: Record<string, RouteAccess> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  // better-auth: only get-session, sign-in/email and sign-out are mounted (auth/plugin.ts), each
  // as its own route (its own body limit); the wildcard answers 404 for the rest.
  'GET /api/auth/get-session': 'public',
  'POST /api/auth/sign-in/email': 'public',
  'POST /api/auth/sign-out': 'public',
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
  'GET /api/staff': 'admin',
  'POST /api/staff': 'admin',
  'POST /api/staff/:id/disable': 'admin',
  'POST /api/staff/:id/enable': 'admin',
  'POST /api/staff/:id/password': 'admin',
  'POST /api/setup': 'public',
  'GET /api/setup': 'public',
  'GET /api/products': 'public',
  'GET /api/products/lookup': 'public',
  'GET /api/products/manage': 'signed-in',
  'GET /api/products/:id': 'public',
  'POST /api/products': 'signed-in',
  'PATCH /api/products/:id': 'signed-in',
  'PUT /api/products/:id/image': 'signed-in',
  'GET /api/product-images/:key': 'public',
  'GET /api/boards': 'public',
  'GET /api/boards/:year': 'public',
  'GET /data/movielist.json': 'public',
  'GET /api/admin/boards': 'admin',
  'POST /api/admin/boards': 'admin',
  'PUT /api/admin/boards/:year/slots': 'admin',
  'POST /api/admin/boards/:year/publish': 'admin',
  'POST /api/admin/boards/:year/unpublish': 'admin',
  'DELETE /api/admin/boards/:year': 'admin',
  'GET /api/admin/movies': 'admin',
  'POST /api/admin/movies': 'admin',
  'PATCH /api/admin/movies/:id': 'admin',
  'PUT /api/admin/movies/:id/poster': 'admin',
  'DELETE /api/admin/movies/:id/poster': 'admin',
  'GET /api/admin/boards/export': 'admin',
  'POST /api/admin/boards/import/preview': 'admin',
  'POST /api/admin/boards/import': 'admin',
  'GET /api/admin/boards/import/jobs/latest': 'admin',
  'GET /api/admin/boards/import/jobs/:id': 'admin',
  'GET /api/admin/tmdb/search': 'admin',
  'GET /api/admin/tmdb/movies/:tmdbId': 'admin',
  'GET /api/clips': 'public',
  'GET /api/clips/upload-limits': 'public',
  'GET /api/clips/by-title/:title': 'public',
  'GET /api/clips/:id': 'public',
  'POST /api/clips': 'signed-in',
  'GET /api/me/clips': 'signed-in',
  'GET /api/clips/all': 'admin',
  'PATCH /api/clips/:id': 'signed-in',
  'DELETE /api/clips/:id': 'signed-in',
  'GET /media/:key': 'public',
  'POST /api/create-checkout-session': 'public',
  'GET /api/checkout/limits': 'public',
  'GET /api/orders/by-session/:sessionId': 'public',
  'GET /api/orders': 'admin',
  'GET /api/orders/export.csv': 'admin',
  'GET /api/orders/counts': 'admin',
  'GET /api/orders/:id': 'admin',
  'POST /api/orders/:id/ship': 'admin',
  'POST /api/orders/:id/refund': 'admin',
  'GET /api/order-emails/dead': 'admin',
  'POST /api/order-emails/:id/resend': 'admin',
  'POST /api/webhooks/stripe': 'webhook',
  'GET /checkout/test/styles.css': 'public',
  'GET /checkout/test/:sessionId': 'public',
  'POST /checkout/test/:sessionId/pay': 'public',
  'POST /checkout/test/:sessionId/cancel': 'public',
  'GET /api/me': 'player',
  'DELETE /api/me': 'player',
  'PUT /api/me/marks': 'player',
  'POST /api/me/links': 'player',
  'POST /api/me/links/:token': 'player',
  'POST /api/leagues': 'player',
  'GET /api/leagues/:code/preview': 'public',
  'POST /api/leagues/:code/members': 'player',
  'GET /api/leagues/:code': 'player',
  'PATCH /api/leagues/:code': 'player',
  'POST /api/leagues/:code/code': 'player',
  'DELETE /api/leagues/:code/members/me': 'player',
  'DELETE /api/leagues/:code/members/:id': 'player',
  'POST /api/leagues/:code/draws': 'player',
  'DELETE /api/leagues/:code': 'player',
  'GET /api/leagues/:code/events': 'player',
  'GET /api/community-leagues': 'public',
  'POST /api/admin/leagues/community': 'admin',
  'GET /api/admin/leagues': 'admin',
  'DELETE /api/admin/leagues/:code': 'admin',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/styles.css': 'public',
};

type Caller = 'anonymous' | 'staff' | 'admin';

/** What a caller gets from a route with this rule: through to the handler, or refused. */
function expectedOutcome(access: RouteAccess, caller: Caller): 'allowed' | 401 | 403 {
  // A player is any browser (its cookie, not a staff session, says who): never a 401 or 403 for the caller's role.
  if (access === 'public' || access === 'webhook' || access === 'player') return 'allowed';
  if (caller === 'anonymous') return 401;
  if (access === 'admin' && caller === 'staff') return 403;
  return 'allowed';
}

/** A concrete URL for a registered path: parameters become ids that match nothing. */
function concreteUrl(path: string): string {
  return path.replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'route-permission-probe');
}

describe('route permissions', () => {
  let t: TestApp;
  let headers: Record<Caller, Record<string, string>>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = {
      anonymous: { origin: TEST_ORIGIN },
      staff: (await signedInAs(t, 'staff')).headers,
      admin: (await signedInAs(t, 'admin')).headers,
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it('has exactly one expected rule for every registered route, and it matches the route', () => {
    const registered = Object.fromEntries(
      t.app.routeRegistry.map((route) => [`${route.method} ${route.url}`, route.access ?? 'undeclared']),
    );
    expect(registered).toEqual(EXPECTED);
  });

  it('lets each caller through or refuses it as the rule says', async () => {
    const problems: string[] = [];
    for (const route of t.app.routeRegistry) {
      // Public, and calling it would end the callers' sessions for the routes after it.
      if (route.method === 'POST' && route.url === '/api/auth/sign-out') continue;
      const access = route.access ?? 'public';
      for (const caller of ['anonymous', 'staff', 'admin'] as const) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: headers[caller],
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const expected = expectedOutcome(access, caller);
        const refused = response.statusCode === 401 || response.statusCode === 403;
        const ok = expected === 'allowed' ? !refused : response.statusCode === expected;
        if (!ok) problems.push(`${route.method} ${route.url} as ${caller}: expected ${expected}, got ${response.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
