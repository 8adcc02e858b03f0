import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import { passwordProblem } from './staff';

describe('the common-password list', () => {
  const entries = [...COMMON_PASSWORDS];

  it('holds only lower-case entries of at least 8 characters, as its header says (shorter ones fail the length rule first)', () => {
    expect(entries.length).toBeGreaterThanOrEqual(100);
    expect(entries.filter((entry) => entry.length < 8)).toEqual([]);
    expect(entries.filter((entry) => entry !== entry.toLowerCase())).toEqual([]);
  });

  it('makes the password rule refuse every entry, in any case', () => {
    const accepted = entries.filter((entry) => passwordProblem(entry) === null || passwordProblem(entry.toUpperCase()) === null);
    expect(accepted).toEqual([]);
  });
});
