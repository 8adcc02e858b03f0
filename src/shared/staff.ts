import { z } from 'zod';
import { EMAIL_PATTERN, RoleSchema } from './auth';
import { COMMON_PASSWORDS } from './common-passwords';
import { endpoint } from './contract';

/**
 * Staff accounts (admin only): the wire shapes of the Staff page and the password policy.
 * Kept apart from auth.ts so that the first page load, which only needs the session, does not
 * carry them.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Why a password is refused, or null when it is acceptable (account creation, reset, admin bootstrap). */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'This password is too common. Please choose another one.';
  return null;
}

/** A user record (the specification's "users collection") as the Staff page shows it. */
export const StaffAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  role: RoleSchema,
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

const PasswordSchema = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

export const NewAccountSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100),
  email: z.string().trim().toLowerCase().regex(EMAIL_PATTERN, 'Email is invalid').max(254),
  phoneNumber: z.string().trim().max(40).default(''),
  /** Optional in the schema so that a missing password gets the specification's own message. */
  password: PasswordSchema.optional(),
  role: RoleSchema.default('staff'),
});
export type NewAccount = z.input<typeof NewAccountSchema>;

export const PasswordResetSchema = z.object({ password: PasswordSchema });

export const listStaff = endpoint({
  method: 'GET',
  path: '/api/staff',
  response: z.object({ items: z.array(StaffAccountSchema) }),
});

export const createStaff = endpoint({
  method: 'POST',
  path: '/api/staff',
  body: NewAccountSchema,
  response: StaffAccountSchema,
});

const StaffIdParams = z.object({ id: z.string().min(1) });

export const disableStaff = endpoint({
  method: 'POST',
  path: '/api/staff/:id/disable',
  params: StaffIdParams,
  response: StaffAccountSchema,
});

export const enableStaff = endpoint({
  method: 'POST',
  path: '/api/staff/:id/enable',
  params: StaffIdParams,
  response: StaffAccountSchema,
});

export const resetStaffPassword = endpoint({
  method: 'POST',
  path: '/api/staff/:id/password',
  params: StaffIdParams,
  body: PasswordResetSchema,
  response: StaffAccountSchema,
});

/** Errors of the account-creation path, worded as the specification has them. */
export const PASSWORD_NOT_PROVIDED = 'Password not provided!';
export const USER_NOT_FOUND = "User can't be found.";

/** The demo admin of the embedded setup (no ADMIN_EMAIL / ADMIN_PASSWORD, demo data on). */
export const DEMO_ADMIN = { email: 'admin@mingo.local', password: 'mingo-demo-admin' } as const;
