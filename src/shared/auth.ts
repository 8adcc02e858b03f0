import { z } from 'zod';
import { BODY_LIMITS, endpoint } from './contract';
import { safeText } from './text';

/** The two roles: admins also manage staff accounts, any clip and the orders. */
export const RoleSchema = z.enum(['admin', 'staff']);
export type Role = z.infer<typeof RoleSchema>;

/** The login form's e-mail pattern (spec section 5): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The signed-in user as the web app sees it. */
export const SessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
});
export type SessionUserView = z.infer<typeof SessionUserSchema>;

// --- better-auth endpoints the web app uses (the only ones mounted: see server/auth/plugin.ts)

export const AUTH_BASE_PATH = '/api/auth';

export const getSession = endpoint({
  method: 'GET',
  path: `${AUTH_BASE_PATH}/get-session`,
  summary: 'The signed-in session and user, or null (better-auth).',
  tag: 'Auth',
  // Only what the web app reads: the passthrough strips every other field better-auth sends
  // (the session record and its token, the user's other columns).
  response: z.object({ user: SessionUserSchema }).nullable(),
});

/** Capped and checked at the edge, before the e-mail reaches a database index (decision 070). */
export const SignInBodySchema = z.object({ email: safeText().max(254), password: z.string().max(1024) });

export const signIn = endpoint({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/sign-in/email`,
  summary: 'Sign in with e-mail and password; sets the session cookie (better-auth, throttled).',
  tag: 'Auth',
  errors: ['unauthenticated', 'forbidden'],
  body: SignInBodySchema,
  maxBodyBytes: BODY_LIMITS.form,
  // The account signed in; better-auth's other fields (the session token above all) are stripped.
  response: z.object({ user: SessionUserSchema.pick({ id: true, name: true, email: true }) }),
});

export const signOut = endpoint({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/sign-out`,
  summary: 'Sign out: ends the session and clears the cookie (better-auth).',
  tag: 'Auth',
  body: z.object({}),
  maxBodyBytes: BODY_LIMITS.none,
  response: z.object({ success: z.boolean() }),
});

/** The better-auth endpoints mounted under AUTH_BASE_PATH; every other better-auth endpoint answers 404. */
export const MOUNTED_AUTH_ENDPOINTS = [getSession, signIn, signOut] as const;
