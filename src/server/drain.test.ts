import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_ORIGIN } from '../../tests/support/auth';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { EVENTUALLY } from '../../tests/support/eventually';

/** Lets the app do what it can without (fake) time passing. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

// Fake timers: the drain's time passes only when a test says so, whatever the machine's load.
describe('draining before shutdown (SHUTDOWN_DRAIN_MS)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
    t = undefined;
  });
  const draining = async (drainMs: string) => {
    t = await createTestApp({ SHUTDOWN_DRAIN_MS: drainMs });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    return t;
  };

  it('refuses reads with a retryable 503, serves writes, and ends 250 ms after the first refusal', async () => {
    const t = await draining('30000');
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    let drained = false;
    const drain = t.app.drain.start().then(() => (drained = true));
    expect(t.app.drain.draining).toBe(true);

    const write = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: { origin: 'http://localhost:3000' },
      payload: [],
    });
    expect(write.statusCode).toBe(400);
    expect(write.headers.connection).toBe('close');
    vi.advanceTimersByTime(10_000);
    await settle();
    expect(drained).toBe(false);

    const read = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBe('1');
    expect(read.json()).toEqual({ error: { code: 'service_unavailable', message: 'This instance is shutting down; please retry.' } });

    vi.advanceTimersByTime(249);
    await settle();
    expect(drained).toBe(false);
    vi.advanceTimersByTime(1);
    await drain;
  });

  it('ends when the drain time is up if no read came to be refused', async () => {
    const t = await draining('200');
    let drained = false;
    const drain = t.app.drain.start().then(() => (drained = true));
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    vi.advanceTimersByTime(199);
    await settle();
    expect(drained).toBe(false);
    vi.advanceTimersByTime(1);
    await drain;
  });

  it('is over at once without a drain time (the default)', async () => {
    const t = await draining('0');
    // No time passes: a drain that waited for a timer would never end here.
    await t.app.drain.start();
    expect(t.app.drain.draining).toBe(true);
  });
});

describe('closing', () => {
  it('refuses a request that arrives while the app closes with a 503 in the error shape', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    const ended = once(socket, 'close');

    // A checkout whose body has not arrived yet keeps the connection busy while the app starts closing…
    const started = once(t.app.server, 'request');
    socket.write(
      [
        'POST /api/create-checkout-session HTTP/1.1',
        'Host: 127.0.0.1',
        `Origin: ${TEST_ORIGIN}`,
        'Content-Type: application/json',
        'Content-Length: 2',
        '',
        '',
      ].join('\r\n'),
    );
    await started;
    const closed = t.close();
    await vi.waitFor(() => expect(t.app.server.listening).toBe(false), EVENTUALLY);
    // …then its body and a second request on the same connection arrive.
    socket.write(['[]GET /api/products HTTP/1.1', 'Host: 127.0.0.1', '', ''].join('\r\n'));
    await ended;
    await closed;

    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 400 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(JSON.parse(second?.split('\r\n\r\n')[1] ?? '')).toEqual({
      error: { code: 'service_unavailable', message: 'This instance is shutting down; please retry.' },
    });
  });
});
