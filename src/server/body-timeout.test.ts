import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClipSchema } from '../shared/clips';
import { ErrorBodySchema } from '../shared/errors';
import { clipForm } from '../../tests/support/test-multipart';
import { signedInAs, TEST_ORIGIN } from '../../tests/support/auth';
import { firstAnswer, postHead, slowConnection } from '../../tests/support/slow-client';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

// The body deadline with a short limit (1.5 s instead of 30 s) over real sockets; the process test
// in server.test.ts checks the real values. The idle timeout between bytes (15 s) never fires here.
const LIMIT_MS = 1_500;
const STEP_MS = 250;

describe('slow request bodies', () => {
  let t: TestApp;
  let port: number;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({}, { bodyTimeoutMs: LIMIT_MS });
    admin = (await signedInAs(t, 'admin')).headers;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a JSON body that keeps trickling with 408 in the error shape and closes the connection', async () => {
    const body = JSON.stringify({ email: 'someone@test.local', password: 'a-long-enough-password' });
    const connection = await slowConnection(port);
    connection.write(
      postHead('/api/auth/sign-in/email', { 'Content-Type': 'application/json', Origin: TEST_ORIGIN }, body.length) + body.slice(0, 1),
    );
    const complete = await connection.trickle(body.slice(1), STEP_MS);
    expect(complete).toBe(false);
    const elapsed = await connection.closed;
    expect(elapsed).toBeGreaterThanOrEqual(LIMIT_MS - 100);
    expect(elapsed).toBeLessThan(LIMIT_MS + 2_000);
    const answer = firstAnswer(connection.received());
    expect(answer.status).toBe(408);
    expect(ErrorBodySchema.parse(answer.body).error.code).toBe('request_timeout');
  });

  it('closes a trickling connection whose request was refused before its body was read', async () => {
    const connection = await slowConnection(port);
    // Not signed in: 401 at once, and the rest of the body must not keep the connection.
    connection.write(postHead('/api/staff', { 'Content-Type': 'application/json', Origin: TEST_ORIGIN }, 200) + '{');
    await connection.trickle('"'.repeat(199), STEP_MS);
    const elapsed = await connection.closed;
    expect(firstAnswer(connection.received()).status).toBe(401);
    expect(elapsed).toBeLessThan(LIMIT_MS + 2_000);
  });

  it('closes a GET whose body trickles after the answer went out', async () => {
    const connection = await slowConnection(port);
    connection.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nx');
    await connection.trickle('x'.repeat(99), STEP_MS);
    const elapsed = await connection.closed;
    expect(firstAnswer(connection.received()).status).toBe(200);
    expect(elapsed).toBeLessThan(LIMIT_MS + 2_000);
  });

  it('lets a signed-in clip upload that keeps sending take longer than the limit', async () => {
    const form = clipForm('Slow and steady');
    const connection = await slowConnection(port);
    const headers = { 'Content-Type': form.headers['content-type'] ?? '', Origin: TEST_ORIGIN, Cookie: admin.cookie ?? '' };
    const middle = Math.floor(form.payload.length / 2);
    const slowPart = 12;
    connection.write(postHead('/api/clips', headers, form.payload.length));
    connection.write(form.payload.subarray(0, middle));
    // 12 bytes, 250 ms apart: twice the body limit, never idle for long.
    expect(await connection.trickle(form.payload.subarray(middle, middle + slowPart), STEP_MS)).toBe(true);
    connection.write(form.payload.subarray(middle + slowPart));
    await expect.poll(() => firstAnswer(connection.received()).status, { timeout: 10_000 }).toBe(201);
    expect(ClipSchema.parse(firstAnswer(connection.received()).body).title).toBe('Slow and steady');
    connection.destroy();
  });

  it('still cuts an upload that was refused before it reached its handler', async () => {
    const form = clipForm('Not signed in');
    const connection = await slowConnection(port);
    connection.write(
      postHead('/api/clips', { 'Content-Type': form.headers['content-type'] ?? '', Origin: TEST_ORIGIN }, form.payload.length),
    );
    connection.write(form.payload.subarray(0, 100));
    expect(await connection.trickle(form.payload.subarray(100, 120), STEP_MS)).toBe(false);
    expect(firstAnswer(connection.received()).status).toBe(401);
    expect(await connection.closed).toBeLessThan(LIMIT_MS + 2_000);
  });
});
