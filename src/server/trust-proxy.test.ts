import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { TEST_ORIGIN } from '../../tests/support/auth';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

function trustProxyOf(value: string): unknown {
  try {
    return loadConfig({ TRUST_PROXY: value }).trustProxy;
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8,::1,fd00::/8', ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']],
  ])('%s → %j', (value, expected) => {
    expect(trustProxyOf(value)).toEqual(expected);
  });

  it.each(['true', 'yes', 'on'])('refuses %s with one line that says what to use', (value) => {
    const problems = trustProxyOf(value);
    expect(problems).toHaveLength(1);
    expect((problems as string[])[0]).toMatch(
      new RegExp(`^TRUST_PROXY="${value}": .*TRUST_PROXY=1 or TRUST_PROXY=127\\.0\\.0\\.1,10\\.0\\.0\\.0/8$`),
    );
  });

  it.each(['10.0.0.0/33', 'nginx', '1.2.3.4,', '-1', '::1/129'])('refuses %s', (value) => {
    expect(trustProxyOf(value)).toEqual([expect.stringMatching(/^TRUST_PROXY=.*is not an address or CIDR/)]);
  });
});

describe('the client address behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the rightmost X-Forwarded-For entry: a forged leftmost one changes nothing', async () => {
    for (const forged of ['6.6.6.1', '6.6.6.2', '6.6.6.3']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `${forged}, 203.0.113.9` },
        payload: { email: 'nobody@test.local', password: 'wrong-password-1' },
      });
      expect(response.statusCode).toBe(401);
    }
    const rows = await t.database.db.selectFrom('sign_in_failures').select(['key', 'count']).where('key', 'like', 'ip:%').execute();
    expect(rows).toEqual([{ key: 'ip:203.0.113.9', count: 3 }]);
  });
});
