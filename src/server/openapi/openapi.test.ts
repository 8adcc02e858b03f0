import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_BASE_PATH, MOUNTED_AUTH_ENDPOINTS } from '../../shared/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { openApiPath, type OpenApiDocument } from './openapi';

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;

/** Every method + path the document names, as `GET /api/clips/{id}`. */
function documentedOperations(document: OpenApiDocument): Set<string> {
  const operations = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) if (item[method] !== undefined) operations.add(`${method.toUpperCase()} ${path}`);
  }
  return operations;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let siteDir: string;
  beforeAll(async () => {
    // With a built web app, so the page routes and the static files are registered (and documented) too.
    siteDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-site-'));
    await writeFile(path.join(siteDir, 'index.html'), '<!doctype html><html><head><title>MINGO</title></head><body></body></html>');
    t = await createTestApp({ STATIC_DIR: siteDir });
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await t.close();
    await rm(siteDir, { recursive: true, force: true });
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every registered route, and only registered routes', () => {
    const registered = new Set<string>();
    for (const route of t.app.routeRegistry) {
      // The better-auth passthrough is one wildcard route; its mounted endpoints are documented one by one.
      if (route.url === `${AUTH_BASE_PATH}/*`) continue;
      registered.add(`${route.method} ${openApiPath(route.url)}`);
      // GET routes of media answer HEAD too; the document lists HEAD where the definition says so.
      if (route.endpoint?.head === true) registered.add(`HEAD ${openApiPath(route.url)}`);
    }
    for (const endpoint of MOUNTED_AUTH_ENDPOINTS) registered.add(`${endpoint.method} ${endpoint.path}`);
    expect([...documentedOperations(document)].sort()).toEqual([...registered].sort());
    // The site's pages are among them.
    for (const page of [
      'GET /',
      'GET /about',
      'GET /clip/{id}',
      'GET /share/{code}',
      'GET /share/{code}.png',
      'GET /robots.txt',
      'GET /*',
    ]) {
      expect(registered).toContain(page);
    }
  });

  it('documents the session cookie, the Range answers of media and the error shape', () => {
    expect(document.components).toMatchObject({ securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie' } } });
    const media = document.paths['/media/{key}']?.get;
    expect(Object.keys(media?.responses ?? {})).toEqual(expect.arrayContaining(['200', '206', '304', '404', '416']));
    expect(media?.parameters.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['key', 'range', 'if-range']));
    const orders = document.paths['/api/orders']?.get;
    expect(orders?.security).toEqual([{ sessionCookie: [] }]);
    expect(Object.keys(orders?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403']));
    const webhook = document.paths['/api/webhooks/stripe']?.post;
    expect(webhook?.parameters.map((parameter) => parameter.name)).toContain('stripe-signature');
  });

  it('serves a readable reference page at /api/docs listing every operation', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    for (const operation of documentedOperations(document)) {
      const [method = '', path = ''] = operation.split(' ');
      expect(response.body, operation).toContain(`>${method} ${path.replaceAll('&', '&amp;')}</a>`);
    }
    const css = await t.app.inject({ method: 'GET', url: '/api/docs/styles.css' });
    expect(css.headers['content-type']).toContain('text/css');
  });
});
