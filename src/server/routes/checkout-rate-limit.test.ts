import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { CHECKOUT_RATE_LIMIT } from './checkout';

describe('POST /api/create-checkout-session rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const attempt = (ip: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      remoteAddress: ip,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      payload: [],
    });

  it('answers 429 after the limit per client, and a forged X-Forwarded-For buys no fresh limit', async () => {
    for (let i = 0; i < CHECKOUT_RATE_LIMIT.max; i += 1) {
      expect((await attempt('203.0.113.7')).statusCode).toBe(400);
    }
    const limited = await attempt('203.0.113.7', '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await attempt('203.0.113.8')).statusCode).toBe(400);
  });
});
