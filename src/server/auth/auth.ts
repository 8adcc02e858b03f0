import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BetterAuthOptions } from 'better-auth';
import type { admin as adminPlugin } from 'better-auth/plugins/admin';
import { AUTH_BASE_PATH } from '../../shared/auth';
import { hasErrnoCode } from '../../shared/errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/staff';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/database';

/**
 * The header that carries the client IP to better-auth. Our Fastify route sets it from
 * `request.ip` (the socket address, or X-Forwarded-For only when TRUST_PROXY is on) and drops any
 * copy sent by the client, so a forged header never buys a fresh rate limit.
 */
export const CLIENT_IP_HEADER = 'x-mingo-client-ip';

export const SESSION_COOKIE_PREFIX = 'mingo';

/**
 * Over HTTPS our cookies are `__Host-` cookies (decision 172): Secure, Path=/ and no Domain, so
 * neither a sibling subdomain nor a plain-HTTP page can set or shadow them. On http://localhost
 * they keep their plain names (browsers refuse the prefix without Secure).
 */
export function cookieNamePrefix(publicUrl: string): '__Host-' | '' {
  return new URL(publicUrl).protocol === 'https:' ? '__Host-' : '';
}

/** better-auth's cookies, named by us rather than by its `useSecureCookies` (which can only say `__Secure-`). */
const BETTER_AUTH_COOKIES = ['session_token', 'session_data', 'account_data', 'dont_remember'] as const;

function betterAuthCookies(publicUrl: string) {
  const prefix = cookieNamePrefix(publicUrl);
  return Object.fromEntries(
    BETTER_AUTH_COOKIES.map((cookie) => [
      cookie,
      { name: `${prefix}${SESSION_COOKIE_PREFIX}.${cookie}`, attributes: { secure: prefix !== '', path: '/' } },
    ]),
  );
}
const SESSION_DAYS = 7;

/** AUTH_SECRET, or a secret generated once and kept in DATA_DIR (mode 600). */
export function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): string {
  if (config.authSecret !== undefined) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if (!hasErrnoCode(error, 'ENOENT')) throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return secret;
}

export function authOptions(config: Config, db: Db, admin: typeof adminPlugin) {
  return {
    appName: 'MINGO',
    database: { db, type: 'postgres' },
    basePath: AUTH_BASE_PATH,
    baseURL: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    secret: resolveAuthSecret(config),
    telemetry: { enabled: false },
    // Failed sign-ins are expected; better-auth's own warnings about them would only be noise.
    logger: { disabled: config.logLevel === 'silent', level: 'error' },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: { phoneNumber: { type: 'string', required: false, input: false } },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      // No cookie cache: every request reads the session row, so sign-out and disabling an
      // account take effect at once.
      cookieCache: { enabled: false },
    },
    // A coarse per-IP flood limit on sign-in attempts, counted in the database so that several
    // app processes share it. Failed sign-ins have their own stricter limits (sign-in-limits.ts);
    // get-session is a cheap read made on every page load and stays unlimited.
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: { '/sign-in/email': { window: 60, max: 100 }, '/get-session': false },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: false,
      cookies: betterAuthCookies(config.publicUrl),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      admin({
        defaultRole: 'staff',
        adminRoles: ['admin'],
        bannedUserMessage: 'This account has been disabled.',
      }),
    ],
  } satisfies BetterAuthOptions;
}

/** better-auth is loaded with its first instance, not at start-up (decision 208). */
async function createAuth(config: Config, db: Db) {
  const [{ betterAuth }, { admin }] = await Promise.all([import('better-auth'), import('better-auth/plugins/admin')]);
  return betterAuth(authOptions(config, db, admin));
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

const instances = new WeakMap<Db, Promise<Auth>>();

/** One better-auth instance per database handle (the app, start-up tasks and the CLI share it). */
export function authFor(ctx: Pick<AppContext, 'config' | 'database'>): Promise<Auth> {
  const existing = instances.get(ctx.database.db);
  if (existing !== undefined) return existing;
  const auth = createAuth(ctx.config, ctx.database.db);
  instances.set(ctx.database.db, auth);
  return auth;
}
