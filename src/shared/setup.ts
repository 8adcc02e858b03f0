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

export const SETUP_LINK_REFUSED = 'This setup link is not valid or has already been used.';
