import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './accounts';
import { SIGN_IN_LIMITS } from './sign-in-limits';
import { sessionCookieFrom, signedInAs, TEST_ORIGIN, TEST_PASSWORD } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const SIGN_IN = '/api/auth/sign-in/email';

function signIn(t: TestApp, email: string, password: string, extra: { headers?: Record<string, string>; remoteAddress?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: SIGN_IN,
    headers: { origin: TEST_ORIGIN, ...extra.headers },
    payload: { email, password },
    ...(extra.remoteAddress === undefined ? {} : { remoteAddress: extra.remoteAddress }),
  });
}

function getSession(t: TestApp, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
}

/** A route behind 'admin' (the Staff list), to check what a cookie still buys. */
function staffList(t: TestApp, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/staff', headers: { cookie } });
}

let counter = 0;
async function newStaff(t: TestApp, role: 'admin' | 'staff' = 'staff') {
  counter += 1;
  const email = `person${counter}-${Date.now()}@test.local`;
  const account = await createAccount(t, { name: `Person ${counter}`, email, phoneNumber: '555-0100', password: TEST_PASSWORD, role });
  return { ...account, email };
}

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in with a session cookie that is HttpOnly, SameSite=Lax and not Secure over http', async () => {
    const { email } = await newStaff(t);
    const response = await signIn(t, email, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const cookie = [response.headers['set-cookie']].flat().find((c) => c?.startsWith('mingo.session_token=')) ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const session = await getSession(t, sessionCookieFrom(response.headers['set-cookie']));
    expect(session.json()).toMatchObject({ user: { email, name: expect.any(String), role: 'staff' } });
  });

  it('sends only the fields the contract names from better-auth: no token, no session record, no other user columns', async () => {
    const { id, email } = await newStaff(t);
    const response = await signIn(t, email, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ user: { id, name: expect.any(String), email } });
    const session = await getSession(t, sessionCookieFrom(response.headers['set-cookie']));
    expect(session.json()).toStrictEqual({ user: { id, name: expect.any(String), email, role: 'staff' } });
  });

  it('gives a new session id at every sign-in, even when a session cookie is sent along', async () => {
    const { email } = await newStaff(t);
    const first = sessionCookieFrom((await signIn(t, email, TEST_PASSWORD)).headers['set-cookie']);
    const second = sessionCookieFrom((await signIn(t, email, TEST_PASSWORD, { headers: { cookie: first } })).headers['set-cookie']);
    expect(second).not.toBe(first);
    expect((await getSession(t, second)).json()).toMatchObject({ user: { email } });
  });

  it('ends the session on the server at sign-out: the old cookie no longer works', async () => {
    const { headers } = await signedInAs(t, 'admin');
    expect((await staffList(t, headers.cookie ?? '')).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await staffList(t, headers.cookie ?? '')).statusCode).toBe(401);
    expect((await getSession(t, headers.cookie ?? '')).json()).toBeNull();
  });

  it("ends a disabled account's sessions at once and refuses its sign-in", async () => {
    const admin = await signedInAs(t, 'admin');
    const staffAdmin = await newStaff(t, 'admin');
    const cookie = sessionCookieFrom((await signIn(t, staffAdmin.email, TEST_PASSWORD)).headers['set-cookie']);
    expect((await staffList(t, cookie)).statusCode).toBe(200);

    const disabled = await t.app.inject({ method: 'POST', url: `/api/staff/${staffAdmin.id}/disable`, headers: admin.headers });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await staffList(t, cookie)).statusCode).toBe(401);
    expect((await getSession(t, cookie)).json()).toBeNull();
    // The right and a wrong password get the same answer: no password oracle for disabled accounts.
    const again = await signIn(t, staffAdmin.email, TEST_PASSWORD);
    const wrong = await signIn(t, staffAdmin.email, 'not-the-password');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: { code: 'unauthenticated', message: 'Invalid email or password' } });
    expect(wrong.statusCode).toBe(again.statusCode);
    expect(wrong.body).toBe(again.body);

    await t.app.inject({ method: 'POST', url: `/api/staff/${staffAdmin.id}/enable`, headers: admin.headers });
    expect((await signIn(t, staffAdmin.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const { email } = await newStaff(t);
    const wrong = await signIn(t, email, 'not-the-password', { remoteAddress: '10.1.0.1' });
    const unknown = await signIn(t, 'nobody@test.local', 'not-the-password', { remoteAddress: '10.1.0.2' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ error: { code: 'unauthenticated', message: 'Invalid email or password' } });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('enforces route access: 401 signed out, 403 for staff on admin routes', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/staff' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    const staff = await signedInAs(t, 'staff');
    const refused = await t.app.inject({ method: 'GET', url: '/api/staff', headers: staff.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it.each([
    ['missing', { name: 'Nora', email: 'nora@test.local', phoneNumber: '' }],
    ['empty', { name: 'Nora', email: 'nora@test.local', phoneNumber: '', password: '' }],
  ])("answers a %s password on the Staff form with 'Password not provided!'", async (_what, body) => {
    const admin = await signedInAs(t, 'admin');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: { ...admin.headers, origin: TEST_ORIGIN },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_failed', message: 'Password not provided!' } });
  });

  it("answers better-auth's own refusals with their real status and a code naming the cause", async () => {
    const notAnEmail = await signIn(t, 'not-an-email', 'whatever', { remoteAddress: '10.1.0.3' });
    expect(notAnEmail.statusCode).toBe(400);
    expect(JSON.parse(notAnEmail.body)).toEqual({ error: { code: 'validation_failed', message: 'Invalid email' } });
  });

  it('checks the sign-out body at the edge and forwards only the sign-in fields the contract names', async () => {
    const { email } = await newStaff(t);
    const arraySignOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { origin: TEST_ORIGIN }, payload: [] });
    expect(arraySignOut.statusCode).toBe(400);
    expect(arraySignOut.json()).toMatchObject({
      error: { code: 'validation_failed', message: 'Invalid body: Invalid input: expected object, received array' },
    });
    // A JSON null is a body that is not an object (it used to pass as "no body" and sign the caller out).
    const admin = await signedInAs(t, 'admin');
    const nullSignOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullSignOut.statusCode).toBe(400);
    expect(nullSignOut.json()).toMatchObject({ error: { code: 'validation_failed' } });
    expect((await staffList(t, admin.headers.cookie ?? '')).statusCode).toBe(200);
    const withCallback = await t.app.inject({
      method: 'POST',
      url: SIGN_IN,
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: TEST_PASSWORD, callbackURL: 'https://evil.example/steal' },
    });
    expect(withCallback.statusCode).toBe(200);
    expect(withCallback.body).not.toContain('evil.example');
  });

  it('mounts only the better-auth endpoints the app uses', async () => {
    const admin = await signedInAs(t, 'admin');
    for (const [method, url] of [
      ['POST', '/api/auth/sign-up/email'],
      ['POST', '/api/auth/admin/create-user'],
      ['POST', '/api/auth/admin/impersonate-user'],
      ['GET', '/api/auth/admin/list-users'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/change-password'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: admin.headers, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('cross-site requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a cross-site sign-in and a cross-site multipart post', async () => {
    const { email } = await newStaff(t);
    const crossSite = await signIn(t, email, TEST_PASSWORD, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ error: { code: 'cross_site_request' } });

    const admin = await signedInAs(t, 'admin');
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: {
        ...admin.headers,
        origin: 'https://evil.example',
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nEve\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(403);
    expect(multipart.json()).toMatchObject({ error: { code: 'cross_site_request' } });
  });

  it('trusts both localhost and 127.0.0.1 in the embedded setup', async () => {
    const { email } = await newStaff(t);
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
      const response = await signIn(t, email, TEST_PASSWORD, { headers: { origin, 'sec-fetch-site': 'same-origin' } });
      expect(response.statusCode, origin).toBe(200);
    }
  });
});

describe('secure cookies over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://mingo.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const { email } = await newStaff(t);
    const response = await signIn(t, email, TEST_PASSWORD, { headers: { origin: 'https://mingo.example' } });
    expect(response.statusCode).toBe(200);
    const cookie = [response.headers['set-cookie']].flat().find((c) => c?.includes('session_token=')) ?? '';
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe('brute-force limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it(`locks an account after ${SIGN_IN_LIMITS.perAccount.max} failures in an hour, whatever the client IP`, async () => {
    const { email } = await newStaff(t);
    // A few real failures from different IPs count per account …
    for (let i = 0; i < 3; i += 1) {
      const response = await signIn(t, email, `wrong-password-${i}`, { remoteAddress: `10.2.0.${i}` });
      expect(response.statusCode).toBe(401);
    }
    const counted = await t.database.db
      .selectFrom('sign_in_failures')
      .select('count')
      .where('key', '=', `account:${email}`)
      .executeTakeFirstOrThrow();
    expect(counted.count).toBe(3);
    // … and the rest of the hour's allowance is spent without hashing 100 passwords here.
    await t.database.db
      .updateTable('sign_in_failures')
      .set({ count: SIGN_IN_LIMITS.perAccount.max - 1 })
      .where('key', '=', `account:${email}`)
      .execute();
    expect((await signIn(t, email, 'wrong-password-last', { remoteAddress: '10.2.1.1' })).statusCode).toBe(401);
    const locked = await signIn(t, email, TEST_PASSWORD, { remoteAddress: '10.3.0.1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many failed sign-in attempts. Please wait a while and try again.' },
    });
    // Another account is not affected.
    const other = await newStaff(t);
    expect((await signIn(t, other.email, TEST_PASSWORD, { remoteAddress: '10.3.0.2' })).statusCode).toBe(200);

    // The window passes: the account can sign in again.
    await t.database.db
      .updateTable('sign_in_failures')
      .set({ window_start: new Date(Date.now() - 61 * 60 * 1000) })
      .execute();
    expect((await signIn(t, email, TEST_PASSWORD, { remoteAddress: '10.3.0.1' })).statusCode).toBe(200);
  });

  it('limits failures per client IP; a forged X-Forwarded-For does not buy a fresh limit', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.max; i += 1) {
      const response = await signIn(t, `guess${i}@test.local`, 'wrong-password', {
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `192.0.2.${i}`, 'x-mingo-client-ip': `198.51.100.${i}` },
      });
      expect(response.statusCode).toBe(401);
    }
    const { email } = await newStaff(t);
    const blocked = await signIn(t, email, TEST_PASSWORD, { remoteAddress: ip, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await signIn(t, email, TEST_PASSWORD, { remoteAddress: '10.4.0.2' })).statusCode).toBe(200);
  });
});

describe('brute-force limits behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the client IP from X-Forwarded-For when TRUST_PROXY trusts one proxy', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.max; i += 1) {
      await signIn(t, `guess${i}@test.local`, 'wrong-password', {
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
    }
    const { email } = await newStaff(t);
    const blocked = await signIn(t, email, TEST_PASSWORD, { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(blocked.statusCode).toBe(429);
    const otherClient = await signIn(t, email, TEST_PASSWORD, {
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(otherClient.statusCode).toBe(200);
  });
});
