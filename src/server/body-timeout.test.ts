import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadClip } from '../shared/clips';
import { ErrorBodySchema } from '../shared/errors';
import { registerBodyTimeout } from './body-timeout';
import { registerErrorHandler } from './error-handler';
import { TEST_ORIGIN } from '../../tests/support/auth';
import { firstAnswer, postHead, slowConnection, type SlowConnection } from '../../tests/support/slow-client';
import { clipForm } from '../../tests/support/test-multipart';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

// The body deadline on a small app over real sockets, with fake timers: time passes only when a
// test says so, so "not before the limit, at the limit" holds on any machine, however loaded.
// The real process with the real limits: tests/cluster/slow-clients.test.ts.
const LIMIT_MS = 30_000;

/** Lets the sockets and the app do what they can without time passing. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Waits for `condition` without moving the fake clock (vi.waitUntil would advance it). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await settle();
}

describe('the body deadline', () => {
  let app: FastifyInstance;
  let port: number;
  /** 'parsing' once a body is being read for parsing, 'streaming' once the upload handler reads. */
  const reached = new EventEmitter();
  const open: SlowConnection[] = [];
  const connect = async () => {
    const connection = await slowConnection(port);
    open.push(connection);
    return connection;
  };

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerBodyTimeout(app, LIMIT_MS);
    registerErrorHandler(app);
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/refused')) return reply.code(401).send({ error: { code: 'unauthorized', message: 'Sign in.' } });
    });
    app.addHook('preParsing', async (request, _reply, payload) => {
      reached.emit('parsing', request.url);
      return payload;
    });
    app.post('/echo', async (request) => ({ received: request.body }));
    app.get('/healthz', async () => ({ ok: true }));
    // A streamed upload, as the clip upload route reads it (the multipart plugin is not needed here).
    app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
    app.post('/upload', { config: { endpoint: uploadClip } }, async (request, reply) => {
      reached.emit('streaming');
      let bytes = 0;
      for await (const chunk of request.raw) bytes += (chunk as Buffer).length;
      return reply.code(201).send({ bytes });
    });
    app.post('/refused-upload', { config: { endpoint: uploadClip } }, async () => ({}));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const connection of open.splice(0)) connection.destroy();
  });

  it('answers a JSON body still arriving at the limit with 408 in the error shape and closes, not a moment before', async () => {
    const body = JSON.stringify({ email: 'someone@test.local' });
    const connection = await connect();
    const parsing = once(reached, 'parsing');
    connection.write(postHead('/echo', { 'Content-Type': 'application/json' }, body.length) + body.slice(0, 5));
    await parsing;
    await settle();

    vi.advanceTimersByTime(LIMIT_MS - 1);
    connection.write(body.slice(5, 10));
    await settle();
    expect(connection.isClosed()).toBe(false);
    expect(connection.received()).toBe('');

    vi.advanceTimersByTime(1);
    await connection.closed;
    const answer = firstAnswer(connection.received());
    expect(answer.status).toBe(408);
    expect(ErrorBodySchema.parse(answer.body).error.code).toBe('request_timeout');
  });

  it('lets a body that arrives whole within the limit through, and keeps the connection', async () => {
    const body = JSON.stringify({ title: 'Whole' });
    const connection = await connect();
    const parsing = once(reached, 'parsing');
    connection.write(postHead('/echo', { 'Content-Type': 'application/json' }, body.length) + body.slice(0, 3));
    await parsing;
    vi.advanceTimersByTime(LIMIT_MS - 1);
    connection.write(body.slice(3));
    await until(() => firstAnswer(connection.received()).status !== 0);
    expect(firstAnswer(connection.received())).toEqual({ status: 200, body: { received: { title: 'Whole' } } });
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(LIMIT_MS);
    await settle();
    expect(connection.isClosed()).toBe(false);
  });

  it('ends with the answer to a request refused before its body was read: the connection closes after it', async () => {
    const connection = await connect();
    connection.write(postHead('/refused', { 'Content-Type': 'application/json' }, 200) + '{');
    // No time passes: the answer, not the deadline, closes the connection.
    await connection.closed;
    expect(firstAnswer(connection.received()).status).toBe(401);
    expect(connection.received()).toMatch(/\r\nconnection: close\r\n/i);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('closes a GET whose announced body has not arrived once the answer is out', async () => {
    const connection = await connect();
    connection.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nx');
    await connection.closed;
    expect(firstAnswer(connection.received()).status).toBe(200);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets an upload that reached its handler take longer than the limit', async () => {
    const form = clipForm('Slow and steady');
    const middle = Math.floor(form.payload.length / 2);
    const connection = await connect();
    const streaming = once(reached, 'streaming');
    connection.write(postHead('/upload', { 'Content-Type': form.headers['content-type'] ?? '' }, form.payload.length));
    connection.write(form.payload.subarray(0, middle));
    await streaming;
    vi.advanceTimersByTime(LIMIT_MS * 4);
    await settle();
    expect(connection.isClosed()).toBe(false);
    connection.write(form.payload.subarray(middle));
    await until(() => firstAnswer(connection.received()).status !== 0);
    expect(firstAnswer(connection.received())).toEqual({ status: 201, body: { bytes: form.payload.length } });
  });

  it('still cuts an upload refused before it reached its handler, once the refusal is out', async () => {
    const form = clipForm('Not signed in');
    const connection = await connect();
    connection.write(postHead('/refused-upload', { 'Content-Type': form.headers['content-type'] ?? '' }, form.payload.length));
    connection.write(form.payload.subarray(0, 100));
    await connection.closed;
    expect(firstAnswer(connection.received()).status).toBe(401);
  });

  it('leaves no deadline behind an injected request refused before its body was read', async () => {
    // (app.inject's requests have no socket: a deadline that outlived them once failed a whole
    // test run 30 s later with "request.raw.socket.destroy is not a function".)
    const response = await app.inject({
      method: 'POST',
      url: '/refused',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1}',
    });
    expect(response.statusCode).toBe(401);
    expect(vi.getTimerCount()).toBe(0);
    expect(() => vi.advanceTimersByTime(LIMIT_MS * 2)).not.toThrow();
  });
});

describe('the body deadline in the app', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('comes first: a request refused by the access rules closes its connection with the answer', async () => {
    const connection = await slowConnection(port);
    // Not signed in: 401 at once, and the rest of the body must not keep the connection.
    connection.write(postHead('/api/staff', { 'Content-Type': 'application/json', Origin: TEST_ORIGIN }, 200) + '{');
    await connection.closed;
    expect(firstAnswer(connection.received()).status).toBe(401);
    expect(connection.received()).toMatch(/\r\nconnection: close\r\n/i);
  });
});
