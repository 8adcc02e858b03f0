import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { SETUP_LINK_REFUSED } from '../../shared/setup';
import { loadConfig } from '../config';
import { runStaffCommand, UsageError } from '../cli/staff';
import { TEST_ORIGIN, TEST_PASSWORD, signedInAs } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createAccount, ensureAdmin } from './accounts';
import { adminExists, ensureAdminTask } from './first-admin';

function signIn(t: TestApp, email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN }, payload: { email, password } });
}

describe('account creation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** POST /api/staff as a signed-in admin: the account-creation path the Staff page uses. */
  async function createStaff(payload: Record<string, unknown>) {
    const admin = await signedInAs(t, 'admin');
    return t.app.inject({ method: 'POST', url: '/api/staff', headers: admin.headers, payload });
  }

  it.each([
    ['missing', { name: 'Ann', email: 'ann@test.local', phoneNumber: '' }],
    ['empty', { name: 'Ann', email: 'ann@test.local', password: '' }],
    ['missing, along with the name and e-mail,', {}],
  ])("refuses a %s password with 'Password not provided!'", async (_, payload) => {
    const response = await createStaff(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_failed', message: 'Password not provided!' } });
  });

  it.each([
    ['a common password', { password: 'password1' }, /too common/],
    ['a short password', { password: 'short' }, /at least 8/],
    ['a bad e-mail', { email: 'not-an-email' }, /Email is invalid/],
  ])('refuses %s', async (_, override, message) => {
    const response = await createStaff({ name: 'Ann', email: 'ann@test.local', password: TEST_PASSWORD, ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(message);
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    expect((await createStaff({ name: 'Ann', email: 'Ann@Test.local', password: TEST_PASSWORD })).statusCode).toBe(201);
    const again = await createStaff({ name: 'Ann 2', email: 'ann@test.local', password: TEST_PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'conflict', message: 'An account with this e-mail already exists.' } });
  });

  it('lets an admin create a staff account from the Staff API that can then sign in', async () => {
    const admin = await signedInAs(t, 'admin');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: admin.headers,
      payload: { name: 'Bea', email: 'bea@test.local', phoneNumber: '555-0101', password: TEST_PASSWORD, role: 'staff' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Bea', email: 'bea@test.local', phoneNumber: '555-0101', role: 'staff', disabled: false });
    expect((await signIn(t, 'bea@test.local', TEST_PASSWORD)).statusCode).toBe(200);

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: admin.headers,
      payload: { name: 'Cy', email: 'cy@test.local' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { code: 'validation_failed', message: 'Password not provided!' } });

    const list = await t.app.inject({ method: 'GET', url: '/api/staff', headers: admin.headers });
    expect(list.json().items.map((a: { email: string }) => a.email)).toContain('bea@test.local');
  });

  it('refuses an e-mail that sign-in would refuse (x@mingo.t) on the Staff form and on the setup page', async () => {
    // better-auth's own check at sign-in: an account with this address could never sign in.
    const signInRefused = await signIn(t, 'x@mingo.t', TEST_PASSWORD);
    expect(signInRefused.statusCode).toBe(400);

    const admin = await signedInAs(t, 'admin');
    const account = { name: 'Xi', email: 'x@mingo.t', phoneNumber: '', password: TEST_PASSWORD };
    const staff = await t.app.inject({ method: 'POST', url: '/api/staff', headers: admin.headers, payload: { ...account, role: 'staff' } });
    expect(staff.statusCode).toBe(400);
    expect(staff.json()).toMatchObject({ error: { code: 'validation_failed', message: 'Email is invalid' } });

    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      headers: { origin: TEST_ORIGIN },
      payload: { ...account, token: 'a'.repeat(43) },
    });
    expect(setup.statusCode).toBe(400);
    expect(setup.json()).toMatchObject({ error: { code: 'validation_failed', message: 'Email is invalid' } });
    expect(await t.database.db.selectFrom('user').select('id').where('email', '=', 'x@mingo.t').execute()).toEqual([]);
  });

  it('resets a password: the old one and the old sessions stop working', async () => {
    const admin = await signedInAs(t, 'admin');
    const staff = await signedInAs(t, 'staff');
    const weak = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${staff.user.id}/password`,
      headers: admin.headers,
      payload: { password: '12345678' },
    });
    expect(weak.statusCode).toBe(400);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${staff.user.id}/password`,
      headers: admin.headers,
      payload: { password: 'a-brand-new-secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/clips', headers: staff.headers })).statusCode).toBe(401);
    expect((await signIn(t, staff.user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t, staff.user.email, 'a-brand-new-secret')).statusCode).toBe(200);
  });

  it('does not let an admin disable their own account', async () => {
    const admin = await signedInAs(t, 'admin');
    const response = await t.app.inject({ method: 'POST', url: `/api/staff/${admin.user.id}/disable`, headers: admin.headers });
    expect(response.statusCode).toBe(409);
  });
});

describe('admin bootstrap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const withEnv = (env: Record<string, string>) => ({
    ...t,
    config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000', ...env }),
  });

  it('creates the ADMIN_EMAIL admin once and never overwrites a changed password', async () => {
    const ctx = withEnv({ ADMIN_EMAIL: 'Boss@Test.local', ADMIN_PASSWORD: 'first-admin-secret', DEMO_DATA: 'false' });
    expect(await ensureAdmin(ctx)).toEqual({ email: 'boss@test.local', created: true });
    expect((await signIn(t, 'boss@test.local', 'first-admin-secret')).statusCode).toBe(200);

    const changed = withEnv({ ADMIN_EMAIL: 'boss@test.local', ADMIN_PASSWORD: 'another-admin-secret', DEMO_DATA: 'false' });
    expect(await ensureAdmin(changed)).toEqual({ email: 'boss@test.local', created: false });
    expect((await signIn(t, 'boss@test.local', 'first-admin-secret')).statusCode).toBe(200);
    expect((await signIn(t, 'boss@test.local', 'another-admin-secret')).statusCode).toBe(401);
  });

  it('promotes an existing staff account named by ADMIN_EMAIL to admin', async () => {
    await createAccount(t, { name: 'Dee', email: 'dee@test.local', phoneNumber: '', password: TEST_PASSWORD, role: 'staff' });
    await ensureAdmin(withEnv({ ADMIN_EMAIL: 'dee@test.local', ADMIN_PASSWORD: 'whatever-secret-1', DEMO_DATA: 'false' }));
    const row = await t.database.db.selectFrom('user').select('role').where('email', '=', 'dee@test.local').executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
  });

  it('refuses a weak ADMIN_PASSWORD with a one-line message', async () => {
    await expect(ensureAdmin(withEnv({ ADMIN_EMAIL: 'weak@test.local', ADMIN_PASSWORD: 'password', DEMO_DATA: 'false' }))).rejects.toThrow(
      'ADMIN_PASSWORD refused: This password is too common. Please choose another one.',
    );
    await expect(ensureAdmin(withEnv({ ADMIN_EMAIL: 'weak@test.local', ADMIN_PASSWORD: 'abc', DEMO_DATA: 'false' }))).rejects.toThrow(
      /^ADMIN_PASSWORD refused: Password must be at least 8 characters long\.$/,
    );
  });

  it('creates no default admin without ADMIN_EMAIL / ADMIN_PASSWORD, whatever the demo setting', async () => {
    expect(await ensureAdmin(withEnv({ DEMO_DATA: 'false' }))).toBeNull();
    expect(await ensureAdmin(withEnv({ DEMO_DATA: 'true' }))).toBeNull();
    expect((await signIn(t, 'admin@mingo.local', 'mingo-demo-admin')).statusCode).toBe(401);
  });
});

/** Runs the start-up admin task and returns the setup token from its one log line (or null). */
async function startUpToken(t: TestApp): Promise<string | null> {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  await ensureAdminTask(t, log);
  const links = lines.map((line) => /\/setup\?token=([A-Za-z0-9_-]+)/.exec(line)?.[1]).filter((token) => token !== undefined);
  expect(links.length).toBeLessThanOrEqual(1);
  return links[0] ?? null;
}

describe('the setup link at every log level', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const)('LOG_LEVEL=%s', async (level) => {
    const logged: string[] = [];
    const written: string[] = [];
    const log = pino({ level }, { write: (line: string) => logged.push(line) });
    await ensureAdminTask(t, log, (text) => written.push(text));
    const shown = [...logged, ...written].filter((line) =>
      /NO ADMIN ACCOUNT YET: create the first admin at \S+\/setup\?token=[A-Za-z0-9_-]{43} /.test(line),
    );
    expect(shown).toHaveLength(level === 'silent' ? 0 : 1);
    // Where warnings are logged it is a warning; below that it is written as a plain line (stderr).
    if (level === 'error' || level === 'fatal') expect(written).toEqual([expect.stringMatching(/^NO ADMIN ACCOUNT YET: .*\n$/)]);
  });
});

describe('first admin from the one-time setup link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_DATA: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  const setup = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/setup', headers: { origin: TEST_ORIGIN }, payload: body });
  const first = { name: 'First Admin', email: 'first@test.local', phoneNumber: '555-0100', password: 'first-admin-secret' };

  it('logs a link whose token only works once, and only while no admin exists', async () => {
    const stale = await startUpToken(t);
    const token = await startUpToken(t);
    expect(stale).not.toBeNull();
    expect(token).not.toBeNull();
    expect(token).not.toBe(stale);
    // Only a hash is kept.
    const stored = await t.database.db.selectFrom('app_meta').select('value').execute();
    expect(stored.map((row) => row.value)).not.toContain(token);

    for (const wrong of [stale, 'not-the-token', '']) {
      const refused = await setup({ ...first, token: wrong });
      expect(refused.statusCode, String(wrong)).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
    }
    expect((await setup({ ...first, token: 'not-the-token' })).json()).toEqual({
      error: { code: 'forbidden', message: SETUP_LINK_REFUSED },
    });
    // A weak password is refused without spending the link.
    expect((await setup({ ...first, password: 'password', token })).statusCode).toBe(400);
    expect(await adminExists(t.database.db)).toBe(false);

    const created = await setup({ ...first, token });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ email: first.email, role: 'admin', phoneNumber: '555-0100' });
    expect((await signIn(t, first.email, first.password)).statusCode).toBe(200);

    const again = await setup({ ...first, email: 'second@test.local', token });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: { code: 'forbidden', message: SETUP_LINK_REFUSED } });
    expect(await startUpToken(t)).toBeNull();
  });
});

describe('staff CLI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds, lists, disables, enables and resets accounts', async () => {
    const add = ['add', '--name', 'Eve Example', '--email', 'eve@test.local', '--phone', '555-0102', '--role', 'admin'];
    await expect(runStaffCommand(t, add)).rejects.toThrow('Password not provided!');
    expect(await runStaffCommand(t, [...add, '--password', TEST_PASSWORD])).toBe('Created admin account eve@test.local (Eve Example).');
    expect(await runStaffCommand(t, ['list'])).toContain('eve@test.local\tEve Example\tadmin\t555-0102');
    expect(await runStaffCommand(t, ['disable', '--email', 'eve@test.local'])).toMatch(/disabled/);
    expect((await signIn(t, 'eve@test.local', TEST_PASSWORD)).statusCode).toBe(401);
    expect(await runStaffCommand(t, ['enable', '--email', 'eve@test.local'])).toMatch(/enabled/);
    expect(await runStaffCommand(t, ['reset-password', '--email', 'eve@test.local', '--password', 'new-cli-secret'])).toMatch(
      /New password/,
    );
    expect((await signIn(t, 'eve@test.local', 'new-cli-secret')).statusCode).toBe(200);
    await expect(runStaffCommand(t, ['disable', '--email', 'nobody@test.local'])).rejects.toThrow(/No account/);
    await expect(runStaffCommand(t, ['frob'])).rejects.toBeInstanceOf(UsageError);
  });
});
