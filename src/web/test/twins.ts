import { expect } from 'vitest';

type SafeParser = { safeParse: (data: unknown) => { success: true; data: unknown } | { success: false; data?: unknown } };

/**
 * A first-load twin (src/web/lib/first-load-schemas.ts and its siblings) accepts and refuses
 * `input` exactly as the shared zod schema does, with the same output: deep equality, or `strict`
 * (undefined keys and prototypes count too).
 */
export function expectTwinAgrees(shared: SafeParser, twin: SafeParser, input: unknown, compare: 'equal' | 'strict' = 'strict'): void {
  const expected = shared.safeParse(input);
  const actual = twin.safeParse(input);
  expect(actual.success).toBe(expected.success);
  if (!expected.success || !actual.success) return;
  if (compare === 'strict') expect(actual.data).toStrictEqual(expected.data);
  else expect(actual.data).toEqual(expected.data);
}
