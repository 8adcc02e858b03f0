import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookies (decision 070): a browser that signed in successfully as an account
 * holds a signed cookie naming that account. Sign-in attempts carrying a valid one are counted
 * per device instead of per account, so a flood of failures from elsewhere cannot lock the real
 * owner out. The cookie proves nothing about the password; it only picks the counter.
 */
export const DEVICE_COOKIE = 'mingo.device';

/** `__Host-mingo.device` over HTTPS (Secure, Path=/), else the plain name scoped to the auth routes. */
export function deviceCookieName(secure: boolean): string {
  return secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const normalized = (email: string) => email.trim().toLowerCase();

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`device-cookie:${payload}`).digest('base64url');
}

/** The Set-Cookie value for a successful sign-in of `email` on this browser. */
export function deviceCookieFor(secret: string, email: string, secure: boolean): string {
  const payload = `${randomBytes(16).toString('base64url')}:${normalized(email)}`;
  const value = `${Buffer.from(payload, 'utf8').toString('base64url')}.${signature(secret, payload)}`;
  // A __Host- cookie must have Path=/; the plain one is only sent to the sign-in routes.
  const attributes = [
    `Max-Age=${MAX_AGE_SECONDS}`,
    secure ? 'Path=/' : 'Path=/api/auth',
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  return `${deviceCookieName(secure)}=${value}; ${attributes.join('; ')}`;
}

/** The device id (nonce) of a valid device cookie for this account in a Cookie header, else null. */
export function deviceOf(secret: string, cookieHeader: string | undefined, email: string, secure: boolean): string | null {
  if (cookieHeader === undefined || cookieHeader.length > 8192) return null;
  const cookieName = deviceCookieName(secure);
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name !== cookieName || value === undefined) continue;
    const [encoded = '', mac = ''] = value.split('.', 2);
    const payload = Buffer.from(encoded, 'base64url').toString('utf8');
    const expected = Buffer.from(signature(secret, payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
    const separator = payload.indexOf(':');
    if (separator > 0 && payload.slice(separator + 1) === normalized(email)) return payload.slice(0, separator);
  }
  return null;
}
