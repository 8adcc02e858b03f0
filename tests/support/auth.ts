import { randomBytes } from 'node:crypto';
import type { SessionUser } from '../../src/server/context';
import { createAccount } from '../../src/server/auth/accounts';
import type { TestApp } from './test-app';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_PASSWORD = 'correct-horse-battery';

/** The session cookie (name=value) from a response's Set-Cookie headers. */
export function sessionCookieFrom(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [setCookie];
  const session = cookies.find((cookie) => cookie.includes('session_token='));
  if (session === undefined) throw new Error('No session cookie in the response');
  return session.split(';')[0] ?? '';
}

/**
 * A new account with this role, created directly (no HTTP, no rate limits), then signed in
 * through the real sign-in endpoint. The headers are ready for `t.app.inject({ headers })`.
 */
export async function signedInAs(
  t: TestApp,
  role: 'admin' | 'staff',
  overrides: { name?: string; email?: string } = {},
): Promise<{ user: SessionUser; headers: Record<string, string> }> {
  const email = overrides.email ?? `${role}-${randomBytes(5).toString('hex')}@test.local`;
  const account = await createAccount(t, {
    name: overrides.name ?? `Test ${role}`,
    email,
    phoneNumber: '',
    password: TEST_PASSWORD,
    role,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  return {
    user: { id: account.id, name: account.name, email: account.email, role },
    headers: { cookie: sessionCookieFrom(response.headers['set-cookie']), origin: TEST_ORIGIN },
  };
}
