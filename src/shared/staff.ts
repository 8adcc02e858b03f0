import { z } from 'zod';
import { RoleSchema } from './auth';
import { COMMON_PASSWORDS } from './common-passwords';
import { BODY_LIMITS, endpoint } from './contract';
import { safeText, singleLineText } from './text';

/**
 * Staff accounts (admin only): the wire shapes of the Staff page and the password policy.
 * Kept apart from auth.ts so that the first page load, which only needs the session, does not
 * carry them.
 */

/** Errors of the account-creation path, worded as the specification has them. */
export const PASSWORD_NOT_PROVIDED = 'Password not provided!';
export const USER_NOT_FOUND = "User can't be found.";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The password policy in one sentence, shown under the account forms (Staff page, first admin). */
export const PASSWORD_RULE = `Passwords need at least ${PASSWORD_MIN_LENGTH} characters and must not be a common password.`;

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

/** A password that passes the policy; a missing or empty one gets the specification's own message. */
const PasswordSchema = z
  .string({ error: (issue) => (issue.input === undefined ? PASSWORD_NOT_PROVIDED : 'The password must be text.') })
  .superRefine((value, ctx) => {
    const problem = value === '' ? PASSWORD_NOT_PROVIDED : passwordProblem(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * A new account, checked at the edge (Staff API, setup link, CLI). The password comes first so
 * that, of several problems, its absence is the one reported ('Password not provided!').
 */
export const NewAccountSchema = z.object({
  password: PasswordSchema,
  name: singleLineText().trim().min(1, 'Name is required.').max(100),
  // The same e-mail check as better-auth's sign-in (zod's z.email()), so every account created can sign in.
  email: singleLineText()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: 'Email is invalid' })),
  phoneNumber: singleLineText().trim().max(40).default(''),
  role: RoleSchema.default('staff'),
});
export type NewAccount = z.input<typeof NewAccountSchema>;
/** A new account as the server takes it: parsed, normalised, its password within the policy. */
export type CheckedNewAccount = z.output<typeof NewAccountSchema>;

export const PasswordResetSchema = z.object({ password: PasswordSchema });

/** The Staff form's messages name their field already ("Password must be …"). */
export const formMessage = (_path: readonly PropertyKey[], message: string) => message;

export const listStaff = endpoint({
  method: 'GET',
  path: '/api/staff',
  summary: 'Admins: every staff account.',
  tag: 'Staff',
  response: z.object({ items: z.array(StaffAccountSchema) }),
});

export const createStaff = endpoint({
  method: 'POST',
  path: '/api/staff',
  summary: 'Admins: create a staff or admin account.',
  tag: 'Staff',
  status: 201,
  errors: ['conflict'],
  describeIssue: formMessage,
  body: NewAccountSchema,
  maxBodyBytes: BODY_LIMITS.form,
  response: StaffAccountSchema,
});

const StaffIdParams = z.object({ id: safeText().min(1).max(100) });

export const disableStaff = endpoint({
  method: 'POST',
  path: '/api/staff/:id/disable',
  summary: 'Admins: disable an account and end its sessions.',
  tag: 'Staff',
  errors: ['not_found', 'conflict'],
  params: StaffIdParams,
  response: StaffAccountSchema,
});

export const enableStaff = endpoint({
  method: 'POST',
  path: '/api/staff/:id/enable',
  summary: 'Admins: let a disabled account sign in again.',
  tag: 'Staff',
  errors: ['not_found'],
  params: StaffIdParams,
  response: StaffAccountSchema,
});

export const resetStaffPassword = endpoint({
  method: 'POST',
  path: '/api/staff/:id/password',
  summary: "Admins: set a new password and end the account's sessions.",
  tag: 'Staff',
  errors: ['not_found'],
  describeIssue: formMessage,
  params: StaffIdParams,
  body: PasswordResetSchema,
  maxBodyBytes: BODY_LIMITS.form,
  response: StaffAccountSchema,
});
