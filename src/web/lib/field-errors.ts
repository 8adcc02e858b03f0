/** What a failed zod parse reports (z.ZodError's issues), without importing zod here. */
type Issues = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

/**
 * Each form field's first problem from a failed parse of the form's values with a shared schema:
 * the message of the first issue whose path starts with that field. Issues about anything but
 * `fields` (a nested value, the form as a whole) are left to the caller. The forms show every
 * field's problem at once, as the server would refuse them.
 */
export function fieldErrorsOf<F extends string>(error: Issues | undefined, fields: readonly F[]): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of error?.issues ?? []) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return errors;
}
