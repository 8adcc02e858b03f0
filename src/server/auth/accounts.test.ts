import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../shared/staff';
import { loadConfig } from '../config';
import { runStaffCommand, UsageError } from '../cli/staff';
import { TEST_ORIGIN, TEST_PASSWORD, signedInAs } from '../test/auth';
import { createTestApp, type TestApp } from '../test/test-app';
import { createAccount, ensureAdmin } from './accounts';

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

  it("refuses a missing password with 'Password not provided!'", async () => {
    await expect(createAccount(t, { name: 'Ann', email: 'ann@test.local', phoneNumber: '' })).rejects.toThrow('Password not provided!');
    await expect(createAccount(t, { name: 'Ann', email: 'ann@test.local', password: '' })).rejects.toThrow('Password not provided!');
  });

  it('refuses weak passwords, bad e-mails and duplicates', async () => {
    await expect(createAccount(t, { name: 'Ann', email: 'ann@test.local', password: 'password1' })).rejects.toThrow(/too common/);
    await expect(createAccount(t, { name: 'Ann', email: 'ann@test.local', password: 'short' })).rejects.toThrow(/at least 8/);
    await expect(createAccount(t, { name: 'Ann', email: 'not-an-email', password: TEST_PASSWORD })).rejects.toThrow(/Email is invalid/);
    await createAccount(t, { name: 'Ann', email: 'Ann@Test.local', password: TEST_PASSWORD });
    await expect(createAccount(t, { name: 'Ann 2', email: 'ann@test.local', password: TEST_PASSWORD })).rejects.toThrow(/already exists/);
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

    const missing = await t.app.inject({ method: 'POST', url: '/api/staff', headers: admin.headers, payload: { name: 'Cy', email: 'cy@test.local' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { code: 'validation_failed', message: 'Password not provided!' } });

    const list = await t.app.inject({ method: 'GET', url: '/api/staff', headers: admin.headers });
    expect(list.json().items.map((a: { email: string }) => a.email)).toContain('bea@test.local');
  });

  it('resets a password: the old one and the old sessions stop working', async () => {
    const admin = await signedInAs(t, 'admin');
    const staff = await signedInAs(t, 'staff');
    const weak = await t.app.inject({ method: 'POST', url: `/api/staff/${staff.user.id}/password`, headers: admin.headers, payload: { password: '12345678' } });
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
    await createAccount(t, { name: 'Dee', email: 'dee@test.local', password: TEST_PASSWORD, role: 'staff' });
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

  it('creates the documented demo admin only for the embedded demo setup', async () => {
    expect(await ensureAdmin(withEnv({ DEMO_DATA: 'false' }))).toBeNull();
    expect(await ensureAdmin(withEnv({ DEMO_DATA: 'true', DATABASE_URL: 'postgres://unused/db' }))).toBeNull();
    expect(await ensureAdmin(withEnv({ DEMO_DATA: 'true' }))).toEqual({ email: DEMO_ADMIN.email, created: true });
    expect((await signIn(t, DEMO_ADMIN.email, DEMO_ADMIN.password)).statusCode).toBe(200);
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
    expect((await signIn(t, 'eve@test.local', TEST_PASSWORD)).statusCode).toBe(403);
    expect(await runStaffCommand(t, ['enable', '--email', 'eve@test.local'])).toMatch(/enabled/);
    expect(await runStaffCommand(t, ['reset-password', '--email', 'eve@test.local', '--password', 'new-cli-secret'])).toMatch(/New password/);
    expect((await signIn(t, 'eve@test.local', 'new-cli-secret')).statusCode).toBe(200);
    await expect(runStaffCommand(t, ['disable', '--email', 'nobody@test.local'])).rejects.toThrow(/No account/);
    await expect(runStaffCommand(t, ['frob'])).rejects.toBeInstanceOf(UsageError);
  });
});
