import { describe, expect, it } from 'vitest';
import {
  AUTH_BASE_PATH,
  EMAIL_PATTERN,
  getSession,
  MOUNTED_AUTH_ENDPOINTS,
  RoleSchema,
  SessionUserSchema,
  SignInBodySchema,
  signIn,
  signOut,
} from './auth';
import { passwordProblem } from './staff';

describe('password policy', () => {
  it.each([
    ['', 'Password must be at least 8 characters long.'],
    ['short', 'Password must be at least 8 characters long.'],
    ['seven77', 'Password must be at least 8 characters long.'],
    ['password', 'This password is too common. Please choose another one.'],
    ['Password123', 'This password is too common. Please choose another one.'],
    ['12345678', 'This password is too common. Please choose another one.'],
    ['qwertyuiop', 'This password is too common. Please choose another one.'],
    ['x'.repeat(129), 'Password must be at most 128 characters long.'],
    ['eight888', null],
    ['correct horse battery staple', null],
    ['x'.repeat(64), null],
    ['x'.repeat(128), null],
    ['mingo-demo-admin', null],
  ])('%j → %s', (password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
  });
});

describe('login e-mail pattern', () => {
  it.each([
    ['admin@mingo.local', true],
    ['a.b+c@example.co.uk', true],
    ['', false],
    ['plainaddress', false],
    ['no-tld@example', false],
    ['spaces in@example.com', false],
    ['@example.com', false],
  ])('%j → %s', (email, valid) => {
    expect(EMAIL_PATTERN.test(email)).toBe(valid);
  });
});

describe('auth wire shapes', () => {
  it('caps the sign-in body at the edge', () => {
    expect(SignInBodySchema.parse({ email: 'a@x.test', password: 'p' })).toEqual({ email: 'a@x.test', password: 'p' });
    expect(SignInBodySchema.safeParse({ email: 'a'.repeat(255), password: 'p' }).success).toBe(false);
    expect(SignInBodySchema.safeParse({ email: 'a'.repeat(254), password: 'p'.repeat(1024) }).success).toBe(true);
    expect(SignInBodySchema.safeParse({ email: 'a@x.test', password: 'p'.repeat(1025) }).success).toBe(false);
    expect(SignInBodySchema.safeParse({ email: 'a\u0000@x.test', password: 'p' }).success).toBe(false);
  });

  it('knows two roles', () => {
    expect(RoleSchema.options).toEqual(['admin', 'staff']);
  });

  it('mounts only the endpoints the web app uses, under /api/auth', () => {
    expect(AUTH_BASE_PATH).toBe('/api/auth');
    expect(MOUNTED_AUTH_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([
      'GET /api/auth/get-session',
      'POST /api/auth/sign-in/email',
      'POST /api/auth/sign-out',
    ]);
  });

  it('reads a session or null', () => {
    const user = { id: 'u', name: 'Ada', email: 'a@x.test', role: 'admin' };
    expect(getSession.response.parse(null)).toBeNull();
    // Only what the web app reads leaves the server: the session record (and its token) is stripped.
    expect(getSession.response.parse({ user: { ...user, image: null }, session: { id: 's', token: 't' } })).toEqual({ user });
    expect(getSession.response.safeParse({ user: { ...user, role: 'owner' } }).success).toBe(false);
    expect(SessionUserSchema.safeParse({ ...user, id: undefined }).success).toBe(false);
  });

  it('reads the sign-in and sign-out answers', () => {
    const account = { id: 'u', name: 'Ada', email: 'a@x.test' };
    expect(signIn.response.parse({ user: { ...account, role: 'admin' }, token: 't', redirect: false })).toEqual({ user: account });
    expect(signIn.response.safeParse({ user: { id: 'u' } }).success).toBe(false);
    expect(signOut.response.parse({ success: true })).toEqual({ success: true });
    expect(signOut.body?.safeParse({}).success).toBe(true);
  });
});
