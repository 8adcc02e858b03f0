import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedMethodsOf } from './allowed-methods';
import type { RegisteredRoute } from './auth/route-registry';
import { signedInAs, TEST_ORIGIN } from '../../tests/support/auth';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

describe('allowedMethodsOf', () => {
  const routes: RegisteredRoute[] = [
    { method: 'GET', url: '/api/clips', access: 'public' },
    { method: 'POST', url: '/api/clips', access: 'signed-in' },
    { method: 'GET', url: '/api/clips/all', access: 'admin' },
    { method: 'GET', url: '/api/clips/:id', access: 'public' },
    { method: 'DELETE', url: '/api/clips/:id', access: 'signed-in' },
    { method: 'GET', url: '/share/:code.png', access: 'public' },
    { method: 'POST', url: '/api/webhooks/stripe', access: 'webhook' },
    { method: 'GET', url: '/*', access: 'public' },
    { method: 'POST', url: '/api/auth/*', access: 'public' },
  ];
  const allowedAt = allowedMethodsOf(routes);

  it.each([
    ['/api/clips', ['GET', 'HEAD', 'POST']],
    // A static path for GET is a parameter's value for DELETE: the router keeps one tree per method.
    ['/api/clips/all', ['GET', 'HEAD', 'DELETE']],
    ['/api/clips/123', ['GET', 'HEAD', 'DELETE']],
    ['/share/abc.png', ['GET', 'HEAD']],
    ['/api/webhooks/stripe', ['POST']],
    // Wildcards make no path known.
    ['/favicon.svg', []],
    ['/api/auth/anything', []],
    // A parameter is never empty, and never spans a slash.
    ['/api/clips/', []],
    ['/api/clips/1/2', []],
    ['/share/.png', []],
    ['/api/clipsx', []],
  ])('%s → %j', (path, methods) => {
    expect(allowedAt(path)).toEqual(methods);
  });
});

describe('a wrong method on a known path (issue 33)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['PUT', '/api/clips', 'GET, HEAD, POST'],
    ['DELETE', '/api/boards', 'GET, HEAD'],
    ['GET', '/api/webhooks/stripe', 'POST'],
    ['OPTIONS', '/api/products', 'GET, HEAD, POST'],
    // A better-auth endpoint the app mounts, asked with another method.
    ['GET', '/api/auth/sign-in/email', 'POST'],
    ['PATCH', '/healthz', 'GET, HEAD'],
  ] as const)('answers %s %s with 405, Allow: %s, in the error shape', async (method, url, allow) => {
    const response = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN } });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.json()).toEqual({
      error: { code: 'method_not_allowed', message: `${method} is not allowed on ${url}: it takes ${allow}.` },
    });
  });

  it('answers HEAD with 405 and Allow, without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/webhooks/stripe' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.body).toBe('');
  });

  it('keeps 404 for paths no route serves, and the cross-site refusal first', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/nope'],
      ['POST', '/api/auth/sign-up/email'],
      ['GET', '/api/clips/1/2'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'route_not_found' } });
      expect(response.headers.allow).toBeUndefined();
    }
    const crossSite = await t.app.inject({ method: 'PUT', url: '/api/clips', headers: { origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
  });

  it('answers a signed-in caller the same', async () => {
    const admin = await signedInAs(t, 'admin');
    const response = await t.app.inject({ method: 'PUT', url: '/api/admin/boards', headers: admin.headers });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST');
  });
});
