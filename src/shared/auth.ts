import { z } from 'zod';
import { endpoint } from './contract';

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
  response: z.object({ user: SessionUserSchema }).loose().nullable(),
});

export const SignInBodySchema = z.object({ email: z.string(), password: z.string() });

export const signIn = endpoint({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/sign-in/email`,
  body: SignInBodySchema,
  response: z.object({ user: z.object({ id: z.string() }).loose() }).loose(),
});

export const signOut = endpoint({
  method: 'POST',
  path: `${AUTH_BASE_PATH}/sign-out`,
  body: z.object({}),
  response: z.object({ success: z.boolean() }),
});
