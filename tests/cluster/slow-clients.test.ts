// Slow clients against the real process (the production build) with the real limits (decision
// 070): 10 s for the headers, 15 s of silence between bytes, 30 s for a body, streamed uploads
// excepted. The logic is tested with fake timers in src/server/body-timeout.test.ts; this is the
// one test that waits the real seconds (about 45), so it checks which limit cut each connection,
// and that none cut it early, never that something happened within some time.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClipSchema } from '../../src/shared/clips';
import { ErrorBodySchema } from '../../src/shared/errors';
import { firstAnswer, postHead, slowConnection } from '../support/slow-client';
import { clipForm } from '../support/test-multipart';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PORTS, requireBuild, signIn, startApp, stopApp, waitReady, type AppProcess } from './support';

const PORT = PORTS.slowClients;

describe('slow clients against the server process', () => {
  let dataDir: string;
  let app: AppProcess;

  beforeAll(async () => {
    requireBuild();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-slow-clients-'));
    app = startApp(PORT, { DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${PORT}`, ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_DATA: 'false' });
    await waitReady(app);
  });
  afterAll(async () => {
    if (app !== undefined) await stopApp(app);
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });

  it('cuts slow headers and trickled bodies each by its own limit, but not an upload that keeps sending', async () => {
    const { cookie } = await signIn(app.url);
    expect(cookie, app.output()).toBeDefined();

    const slowHeaders = async () => {
      const connection = await slowConnection(PORT);
      connection.write('POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const complete = await connection.trickle(`X-Slow: ${'a'.repeat(30)}`, 3_000);
      return { complete, elapsed: await connection.closed, answer: firstAnswer(connection.received()) };
    };
    const body = JSON.stringify({ email: 'someone@test.local', password: 'a-long-enough-password' });
    const trickledBody = async (intervalMs: number) => {
      const connection = await slowConnection(PORT);
      connection.write(postHead('/api/auth/sign-in/email', { 'Content-Type': 'application/json' }, body.length) + body.slice(0, 1));
      const complete = await connection.trickle(body.slice(1), intervalMs);
      return { complete, elapsed: await connection.closed, raw: connection.received() };
    };
    const steadyUpload = async () => {
      const form = clipForm('Slow and steady');
      const connection = await slowConnection(PORT);
      const middle = Math.floor(form.payload.length / 2);
      connection.write(
        postHead(
          '/api/clips',
          { 'Content-Type': form.headers['content-type'] ?? '', Cookie: cookie ?? '', Origin: app.url },
          form.payload.length,
        ),
      );
      connection.write(form.payload.subarray(0, middle));
      // One byte every 5 s for 40 s (past the 30-s body limit, never 15 s silent), then the rest.
      const stillOpen = await connection.trickle(form.payload.subarray(middle, middle + 8), 5_000);
      connection.write(form.payload.subarray(middle + 8));
      // The answer is waited for, however long the machine takes (the test's own timeout bounds it).
      while (firstAnswer(connection.received()).status === 0 && !connection.isClosed())
        await new Promise((resolve) => setTimeout(resolve, 100));
      connection.destroy();
      return { stillOpen, answer: firstAnswer(connection.received()) };
    };

    const [headers, perTenSeconds, perTwentySeconds, upload] = await Promise.all([
      slowHeaders(),
      trickledBody(10_000),
      trickledBody(20_000),
      steadyUpload(),
    ]);
    // Headers: Node's 10-s headers timeout answers 408 (checked every second), not before.
    expect(headers.complete).toBe(false);
    expect(headers.answer.status).toBe(408);
    expect(headers.elapsed).toBeGreaterThanOrEqual(9_000);
    // One byte every 10 s is never 15 s silent: the 30-s body limit cuts it, with 408 in the error shape.
    expect(perTenSeconds.complete).toBe(false);
    expect(perTenSeconds.elapsed).toBeGreaterThanOrEqual(29_000);
    const bodyCut = firstAnswer(perTenSeconds.raw);
    expect(bodyCut.status).toBe(408);
    expect(ErrorBodySchema.parse(bodyCut.body).error.code).toBe('request_timeout');
    // One byte every 20 s: the 15-s silence cuts it first, and silence gets no answer.
    expect(perTwentySeconds.complete).toBe(false);
    expect(perTwentySeconds.elapsed).toBeGreaterThanOrEqual(14_000);
    expect(perTwentySeconds.raw).toBe('');
    // The upload kept sending for longer than the body limit and went through.
    expect(upload.stillOpen).toBe(true);
    expect(upload.answer.status).toBe(201);
    expect(ClipSchema.parse(upload.answer.body).title).toBe('Slow and steady');
    // The server still answers others.
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  }, 120_000);
});
