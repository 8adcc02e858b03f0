import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

describe('draining before shutdown (SHUTDOWN_DRAIN_MS)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('refuses reads with a retryable 503, serves writes, reports not ready, and ends soon after the first refusal', async () => {
    t = await createTestApp({ SHUTDOWN_DRAIN_MS: '30000' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    const started = Date.now();
    let drained = false;
    const drain = t.app.drain.start().then(() => (drained = true));
    expect(t.app.drain.draining).toBe(true);

    const write = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: { origin: 'http://localhost:3000' }, payload: [] });
    expect(write.statusCode).toBe(400);
    expect(write.headers.connection).toBe('close');
    expect(drained).toBe(false);

    const read = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBe('1');
    expect(read.json()).toEqual({ error: { code: 'service_unavailable', message: 'This instance is shutting down; please retry.' } });

    await drain;
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports not ready while draining, for load balancers that health-check', async () => {
    t = await createTestApp({ SHUTDOWN_DRAIN_MS: '200' });
    const drain = t.app.drain.start();
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    await drain;
  });

  it('is over at once without a drain time (the default)', async () => {
    t = await createTestApp();
    const started = Date.now();
    await t.app.drain.start();
    expect(Date.now() - started).toBeLessThan(100);
  });
});
