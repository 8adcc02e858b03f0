import type { z } from 'zod';
import { badRequest } from './errors';

/** Validates input at the edge; a failure becomes a 400 with the first problem spelled out. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  const where = first === undefined || first.path === '' ? '' : `${first.path}: `;
  return fail(`Invalid ${what}: ${where}${first?.message ?? 'bad value'}`, issues);
}

function fail(message: string, issues: unknown): never {
  throw badRequest(message, issues);
}
