import type { z } from 'zod';
import { validationFailed } from '../shared/errors';

/**
 * Validates input at the edge; a failure becomes the one 400 shape: `validation_failed`, the first
 * problem spelled out in the message and every problem (dotted path + message) in `details`.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  what: string,
  describe: (path: readonly PropertyKey[], message: string) => string = (path, message) =>
    `Invalid ${what}: ${path.length === 0 ? '' : `${path.map(String).join('.')}: `}${message}`,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  const first = result.error.issues[0];
  throw validationFailed(describe(first?.path ?? [], first?.message ?? 'bad value'), issues);
}
