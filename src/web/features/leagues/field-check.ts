import type { z } from 'zod';

/** The contract's own message for a value its schema refuses (the same words the server answers with). */
export function fieldError(schema: z.ZodType, value: string): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'Check this field.');
}
