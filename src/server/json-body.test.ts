import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../shared/contract';
import { JsonDepthScanner, MAX_JSON_DEPTH } from './json-body';
import { signedInAs, TEST_ORIGIN } from '../../tests/support/auth';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

function nested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

describe('JsonDepthScanner', () => {
  it.each([
    ['flat values', '{"a":1,"b":[1,2,3]}', true],
    ['exactly the bound', nested(4), true],
    ['one level deeper than the bound', nested(5), false],
    ['brackets inside strings', '["[[[[[[[[", "{{{{{{{{"]', true],
    ['an escaped quote keeps the string open', '["\\"[[[[[[[["]', true],
    ['an escaped backslash closes the string', '["\\\\", [[[[]]]]]', false],
    ['multi-byte characters', '["é[ü{", {"ß": [[]]}]', true],
    ['siblings do not add up', '[[[[]]],[[[]]],[[[]]]]', true],
  ])('%s', (_name, text, accepted) => {
    expect(new JsonDepthScanner(4).push(Buffer.from(text))).toBe(accepted);
  });

  it('keeps its state between chunks (a string or an escape split across them)', () => {
    const scanner = new JsonDepthScanner(2);
    expect(scanner.push(Buffer.from('["[[[\\'))).toBe(true);
    expect(scanner.push(Buffer.from('"[[[", ['))).toBe(true);
    expect(scanner.push(Buffer.from('['))).toBe(false);
  });
});

describe('JSON bodies: per-route limits and the nesting bound', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInAs(t, 'admin')).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  const json = { 'content-type': 'application/json', origin: TEST_ORIGIN };

  it('refuses a body over the route limit from its Content-Length, in the error shape', async () => {
    const body = nested(BODY_LIMITS.none);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: json, payload: body });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('refuses a body without Content-Length once it passes the limit', async () => {
    const chunks = Array.from({ length: 64 }, () => ' '.repeat(1024));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: Readable.from(chunks),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('lets each route take what it needs: a product edit takes more than a sign-in', async () => {
    const padding = ' '.repeat(BODY_LIMITS.form * 2);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: `{"email":"a@b.example","password":"x"}${padding}`,
    });
    expect(signIn.statusCode).toBe(413);
    const product = await t.app.inject({
      method: 'PATCH',
      url: '/api/products/00000000-0000-4000-8000-000000000000',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"isActive":false}${padding}`,
    });
    expect(product.json()).not.toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('refuses JSON nested deeper than the bound before parsing it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: json,
      payload: nested(MAX_JSON_DEPTH + 1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'json_too_deep' } });
  });

  it('answers a deep body on a real connection before the client has finished sending it', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const answer = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/create-checkout-session', headers: json });
      request.on('error', reject);
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode, body });
          request.destroy();
        });
      });
      // Chunked, and never ended: only the scan of the bytes so far can answer.
      request.write('[[[[[[[[');
      request.write('[[[[[[[[');
      request.write('[[[[[[[[');
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'json_too_deep' } });
  });

  it('still parses ordinary JSON and keeps refusing broken or poisoned JSON in the error shape', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: json, payload: '[]' });
    expect(ok.json()).toMatchObject({ error: { code: 'validation_failed' } });
    const brackets = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: json,
      payload: JSON.stringify([{ productId: '['.repeat(40), quantity: 1 }]),
    });
    expect(brackets.json()).toMatchObject({ error: { code: 'validation_failed' } });
    for (const [payload, code] of [
      ['{"a":', 'invalid_json'],
      ['', 'invalid_json'],
      ['{"__proto__":{"x":1}}', 'invalid_json'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: json, payload });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toMatchObject({ error: { code } });
    }
  });
});
