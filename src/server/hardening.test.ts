import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from './security';
import { signedInAs, TEST_ORIGIN, TEST_PASSWORD } from '../../tests/support/auth';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

describe('static site without Accept-Encoding', () => {
  let t: TestApp;
  let site: string;
  beforeAll(async () => {
    site = await mkdtemp(path.join(os.tmpdir(), 'mingo-site-'));
    await mkdir(path.join(site, 'static'), { recursive: true });
    await writeFile(path.join(site, 'index.html'), '<!doctype html><title>MINGO</title>');
    await writeFile(path.join(site, 'index.html.br'), 'not really brotli');
    t = await createTestApp({ STATIC_DIR: site });
  });
  afterAll(async () => {
    await t.close();
    await rm(site, { recursive: true, force: true });
  });

  it('answers GET / with the page to a client that sends no Accept-Encoding (curl, monitors)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>MINGO boards · MINGO</title>');
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends HSTS only over https, no X-Frame-Options next to frame-ancestors, and a Permissions-Policy', async () => {
    for (const [url, hsts] of [
      ['http://localhost:3000', false],
      ['https://mingo.example', true],
    ] as const) {
      const t = await createTestApp({ PUBLIC_URL: url });
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security'] !== undefined, url).toBe(hsts);
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      await t.close();
    }
  });
});

describe('session-dependent answers', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let email = '';
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signedInAs(t, 'admin');
    headers = admin.headers;
    email = admin.user.email;
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/api/staff', '/api/me/clips', '/api/products/manage', '/api/orders', '/api/auth/get-session'])(
    '%s is Cache-Control: no-store',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('keeps the session token out of sign-in and get-session JSON (cookie only)', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const token = decodeURIComponent(
      String([signIn.headers['set-cookie']].flat().find((cookie) => cookie?.includes('session_token=')))
        .split(';')[0]
        ?.split('=')[1]
        ?.split('.')[0] ?? '',
    );
    expect(token.length).toBeGreaterThan(10);
    expect(signIn.body).not.toContain(token);
    expect(signIn.json()).not.toHaveProperty('token');
    expect(signIn.json()).toMatchObject({ user: { email } });
    expect(signIn.headers['cache-control']).toBe('no-store');

    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers });
    // Only the declared fields leave the server (decision 173): no session record, so no token in it.
    expect(session.json()).toMatchObject({ user: { email } });
    expect(session.json()).not.toHaveProperty('session');
    expect(session.body).not.toMatch(/"token"/);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(signedOut.json()).toBeNull();
  });
});
