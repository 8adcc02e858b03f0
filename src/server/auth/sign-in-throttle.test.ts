import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, TEST_PASSWORD } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createAccount } from './accounts';
import { DEVICE_COOKIE } from './device-cookie';
import { SIGN_IN_LIMITS } from './sign-in-limits';

function signIn(t: TestApp, email: string, password: string, extra: { cookie?: string; remoteAddress?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, ...(extra.cookie === undefined ? {} : { cookie: extra.cookie }) },
    payload: { email, password },
    remoteAddress: extra.remoteAddress ?? '10.9.0.1',
  });
}

function deviceCookieOf(setCookie: string | string[] | undefined): string {
  const cookie = [setCookie ?? []].flat().find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
  if (cookie === undefined) throw new Error('no device cookie');
  return cookie.split(';')[0] ?? '';
}

let counter = 0;
async function newStaff(t: TestApp): Promise<string> {
  counter += 1;
  const email = `throttle${counter}-${Date.now()}@test.local`;
  await createAccount(t, { name: `Throttle ${counter}`, email, phoneNumber: '', password: TEST_PASSWORD, role: 'staff' });
  return email;
}

const countOf = async (t: TestApp, key: string) =>
  (await t.database.db.selectFrom('sign_in_failures').select('count').where('key', '=', key).executeTakeFirst())?.count ?? 0;

describe('sign-in throttling with device cookies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the owner with a device cookie in while the account is locked for everyone else', async () => {
    const email = await newStaff(t);
    const first = await signIn(t, email, TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first.headers['set-cookie']);
    expect([first.headers['set-cookie']].flat().find((value) => value?.startsWith(DEVICE_COOKIE))).toMatch(/HttpOnly/);

    // An attacker spends the account's allowance from rotating addresses.
    await t.database.db
      .insertInto('sign_in_failures')
      .values({ key: `account:${email}`, count: SIGN_IN_LIMITS.perAccount.max })
      .onConflict((oc) => oc.column('key').doUpdateSet({ count: SIGN_IN_LIMITS.perAccount.max }))
      .execute();
    expect((await signIn(t, email, TEST_PASSWORD, { remoteAddress: '10.9.1.1' })).statusCode).toBe(429);
    // A forged or other account's device cookie does not help.
    const forged = `${device.slice(0, -3)}abc`;
    expect((await signIn(t, email, TEST_PASSWORD, { cookie: forged, remoteAddress: '10.9.1.2' })).statusCode).toBe(429);
    const other = await newStaff(t);
    const otherDevice = deviceCookieOf((await signIn(t, other, TEST_PASSWORD, { remoteAddress: '10.9.1.3' })).headers['set-cookie']);
    expect((await signIn(t, email, TEST_PASSWORD, { cookie: otherDevice, remoteAddress: '10.9.1.3' })).statusCode).toBe(429);

    // The owner's browser still gets in.
    expect((await signIn(t, email, TEST_PASSWORD, { cookie: device, remoteAddress: '10.9.1.4' })).statusCode).toBe(200);

    // … and has its own small limit.
    for (let i = 0; i < SIGN_IN_LIMITS.perDevice.max; i += 1) {
      expect((await signIn(t, email, `wrong-${i}`, { cookie: device, remoteAddress: `10.9.2.${i}` })).statusCode).toBe(401);
    }
    expect((await signIn(t, email, TEST_PASSWORD, { cookie: device, remoteAddress: '10.9.3.1' })).statusCode).toBe(429);
  });

  it('lets the owner with the right password and a device cookie in while their IP is blocked; every 429 says when to retry', async () => {
    const email = await newStaff(t);
    const office = '10.9.7.1';
    const device = deviceCookieOf((await signIn(t, email, TEST_PASSWORD, { remoteAddress: office })).headers['set-cookie']);

    // Someone behind the same office NAT spends the address's allowance on other accounts.
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.max; i += 1) {
      expect((await signIn(t, `nobody${i}@test.local`, 'wrong-password', { remoteAddress: office })).statusCode).toBe(401);
    }
    const blocked = await signIn(t, email, TEST_PASSWORD, { remoteAddress: office });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'rate_limited' } });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.perIp.windowSeconds);

    // The owner's browser is not that address: it has its own counter, untouched.
    const owner = await signIn(t, email, TEST_PASSWORD, { cookie: device, remoteAddress: office });
    expect(owner.statusCode).toBe(200);
    expect(await countOf(t, `ip:${office}`)).toBe(SIGN_IN_LIMITS.perIp.max);

    // The device's own limit also answers with Retry-After.
    for (let i = 0; i < SIGN_IN_LIMITS.perDevice.max; i += 1) {
      expect((await signIn(t, email, `wrong-${i}`, { cookie: device, remoteAddress: office })).statusCode).toBe(401);
    }
    const deviceBlocked = await signIn(t, email, TEST_PASSWORD, { cookie: device, remoteAddress: office });
    expect(deviceBlocked.statusCode).toBe(429);
    expect(Number(deviceBlocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  // PGlite runs one statement at a time, which still catches a count read and written in two
  // statements; a race inside one transaction or statement can only show on PostgreSQL.
  it('counts parallel failures exactly: no overshoot of the per-IP limit (PostgreSQL: real concurrency)', async () => {
    const ip = '10.9.4.1';
    const attempts = SIGN_IN_LIMITS.perIp.max + 10;
    const responses = await Promise.all(
      Array.from({ length: attempts }, (_, i) => signIn(t, `parallel${i}@test.local`, 'wrong-password', { remoteAddress: ip })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMITS.perIp.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await countOf(t, `ip:${ip}`)).toBe(SIGN_IN_LIMITS.perIp.max);
  });

  it('does not count successful sign-ins and prunes long-expired counters', async () => {
    const email = await newStaff(t);
    expect((await signIn(t, email, TEST_PASSWORD, { remoteAddress: '10.9.5.1' })).statusCode).toBe(200);
    expect(await countOf(t, 'ip:10.9.5.1')).toBe(0);
    await t.database.db
      .insertInto('sign_in_failures')
      .values({ key: 'ip:192.0.2.200', count: 5, window_start: new Date(Date.now() - 3 * 86_400_000) })
      .execute();
    expect((await signIn(t, email, 'wrong-password', { remoteAddress: '10.9.5.2' })).statusCode).toBe(401);
    expect(await countOf(t, 'ip:192.0.2.200')).toBe(0);
  });

  it('refuses an over-long or control-character e-mail with 400 before any database use', async () => {
    for (const email of [`${'a'.repeat(3000)}@test.local`, 'abc\u0000def@test.local', 'x\u001b@test.local']) {
      const response = await signIn(t, email, 'whatever-password', { remoteAddress: '10.9.6.1' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect(await countOf(t, 'ip:10.9.6.1')).toBe(0);
  });
});
