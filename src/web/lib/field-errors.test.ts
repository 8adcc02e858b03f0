import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './field-errors';

const Schema = z.object({
  name: z.string().min(3, 'Name: at least 3 characters.').max(5, 'Name: at most 5 characters.'),
  code: z.string().regex(/^[A-Z]+$/, 'Code: capital letters only.'),
  tags: z.array(z.string().min(1, 'A tag cannot be empty.')),
});

describe('fieldErrorsOf', () => {
  it('gives each named field its first problem, and nothing for the fields that are fine or not named', () => {
    const parsed = Schema.safeParse({ name: '', code: 'abc', tags: [''] });
    expect(fieldErrorsOf(parsed.error, ['name', 'code'])).toEqual({
      name: 'Name: at least 3 characters.',
      code: 'Code: capital letters only.',
    });
    // A nested value's problem belongs to its field.
    expect(fieldErrorsOf(parsed.error, ['tags'])).toEqual({ tags: 'A tag cannot be empty.' });
  });

  it('keeps the first of several problems of one field', () => {
    const error = {
      issues: [
        { path: ['name'], message: 'first' },
        { path: ['name'], message: 'second' },
      ],
    };
    expect(fieldErrorsOf(error, ['name'])).toEqual({ name: 'first' });
  });

  it('has nothing to say about a successful parse', () => {
    expect(fieldErrorsOf(Schema.safeParse({ name: 'Abc', code: 'AB', tags: [] }).error, ['name', 'code', 'tags'])).toEqual({});
  });
});
