import { z } from 'zod';
import { BODY_LIMITS, endpoint } from './contract';
import { formMessage, NewAccountSchema, StaffAccountSchema } from './staff';

/**
 * First-admin set-up: with no admin account and no ADMIN_EMAIL / ADMIN_PASSWORD, the server
 * logs a one-time link `/setup?token=…`; this endpoint turns it into the first admin account.
 */
export const SetupBodySchema = NewAccountSchema.omit({ role: true }).extend({
  token: z.string().min(1, 'The setup link has no token.').max(200),
});
export type SetupBody = z.input<typeof SetupBodySchema>;
export type CheckedSetupBody = z.output<typeof SetupBodySchema>;

export const completeSetup = endpoint({
  method: 'POST',
  path: '/api/setup',
  summary: 'Create the first admin account from the one-time setup link logged at start.',
  tag: 'Staff',
  status: 201,
  errors: ['forbidden', 'conflict'],
  describeIssue: formMessage,
  body: SetupBodySchema,
  maxBodyBytes: BODY_LIMITS.form,
  response: StaffAccountSchema,
});

/** Whether set-up is still open (no admin yet): once an admin exists, every setup link has been used. */
export const SetupStatusSchema = z.object({ open: z.boolean() });

export const setupStatus = endpoint({
  method: 'GET',
  path: '/api/setup',
  summary: 'Whether the first admin is still to be created (a setup link can still be used).',
  tag: 'Staff',
  response: SetupStatusSchema,
});

export const SETUP_LINK_USED = 'This setup link has been used.';

export const SETUP_LINK_REFUSED = 'This setup link is not valid or has already been used.';
