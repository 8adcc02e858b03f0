import type { z } from 'zod';

// Helpers of the table tests of src/shared (kept out of src so that mutation testing does not
// mutate them).

/** The messages of a refused input, in order; [] when it is accepted. */
export const problems = (schema: z.ZodType, input: unknown): string[] => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

/** An optional part of an endpoint (params, body, headers) that the endpoint under test has. */
export function present<T>(part: T | undefined): T {
  if (part === undefined) throw new Error('the endpoint lacks this part');
  return part;
}
