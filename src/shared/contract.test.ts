import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_LIMITS, buildPath, endpoint, endpointUrl, isRawResponse, maxBodyBytesOf, rawResponse } from './contract';

describe('body limits', () => {
  it('are sized for what each kind of route takes', () => {
    expect(BODY_LIMITS).toEqual({ none: 1024, form: 16 * 1024, default: 64 * 1024, product: 256 * 1024, file: 8 * 1024 * 1024 });
  });

  it.each([
    [{}, 1024],
    [{ body: z.object({}) }, 64 * 1024],
    [{ body: z.object({}), maxBodyBytes: 10 }, 10],
    [{ maxBodyBytes: 0 }, 0],
  ])('%o → %i', (definition, bytes) => {
    expect(maxBodyBytesOf(definition)).toBe(bytes);
  });
});

describe('raw responses', () => {
  it('describe non-JSON answers', () => {
    const raw = rawResponse('An image.', 'image/png', 'image/webp');
    expect(raw).toEqual({ raw: true, contentTypes: ['image/png', 'image/webp'], description: 'An image.' });
    expect(isRawResponse(raw)).toBe(true);
    expect(isRawResponse(z.object({ raw: z.boolean() }))).toBe(false);
  });

  it('keep the definition as given', () => {
    const definition = { method: 'GET', path: '/x', summary: 's', tag: 't', response: z.null() } as const;
    expect(endpoint(definition)).toBe(definition);
  });
});

describe('buildPath', () => {
  it.each([
    ['/api/clips/:id', { id: 'abc' }, '/api/clips/abc'],
    ['/api/clips/:id', { id: 'a b/c?d' }, '/api/clips/a%20b%2Fc%3Fd'],
    ['/api/boards/:year/slots', { year: 2026 }, '/api/boards/2026/slots'],
    ['/a/:first_id/b/:second2', { first_id: 1, second2: 'Z' }, '/a/1/b/Z'],
    ['/api/health', {}, '/api/health'],
    ['/share/:code.png', { code: 'AbC123' }, '/share/AbC123.png'],
  ])('%s %o → %s', (path, params, url) => {
    expect(buildPath(path, params)).toBe(url);
  });

  it('needs every parameter', () => {
    expect(() => buildPath('/api/clips/:id')).toThrow('Missing path parameter id for /api/clips/:id');
    expect(() => buildPath('/a/:x/:y', { x: 1 })).toThrow('Missing path parameter y for /a/:x/:y');
  });
});

describe('endpointUrl', () => {
  it.each([
    ['/api/products', undefined, undefined, '/api/products'],
    ['/api/products', undefined, {}, '/api/products'],
    ['/api/products', undefined, { page: 2, q: 'a b' }, '/api/products?page=2&q=a+b'],
    ['/api/products', undefined, { q: undefined, status: null, page: 0 }, '/api/products?page=0'],
    ['/api/products', undefined, { b: '1', a: '2' }, '/api/products?b=1&a=2'],
    ['/api/clips/:id', { id: 'x' }, { full: true }, '/api/clips/x?full=true'],
    ['/api/products', undefined, { q: '' }, '/api/products?q='],
  ])('%s %o %o → %s', (path, params, query, url) => {
    expect(endpointUrl(path, params, query)).toBe(url);
  });
});
