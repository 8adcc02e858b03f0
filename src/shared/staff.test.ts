import { describe, expect, it } from 'vitest';
import { SetupBodySchema, SETUP_LINK_REFUSED, SETUP_LINK_USED, SetupStatusSchema } from './setup';
import {
  formMessage,
  NewAccountSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_NOT_PROVIDED,
  PASSWORD_RULE,
  PasswordResetSchema,
  StaffAccountSchema,
  USER_NOT_FOUND,
} from './staff';

const good = { password: 'eight888', name: 'Ada', email: 'ada@example.test' };

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('account texts', () => {
  it('are worded as the specification has them', () => {
    expect(PASSWORD_NOT_PROVIDED).toBe('Password not provided!');
    expect(USER_NOT_FOUND).toBe("User can't be found.");
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 128]);
    expect(PASSWORD_RULE).toBe('Passwords need at least 8 characters and must not be a common password.');
    expect(SETUP_LINK_USED).toBe('This setup link has been used.');
    expect(SETUP_LINK_REFUSED).toBe('This setup link is not valid or has already been used.');
  });

  it('formMessage keeps the message as it is', () => {
    expect(formMessage(['password'], 'Password not provided!')).toBe('Password not provided!');
  });
});

describe('NewAccountSchema', () => {
  it('normalises a good account and fills the defaults', () => {
    expect(NewAccountSchema.parse({ ...good, name: '  Ada  ', email: '  Ada@Example.TEST ' })).toEqual({
      password: 'eight888',
      name: 'Ada',
      email: 'ada@example.test',
      phoneNumber: '',
      role: 'staff',
    });
    expect(NewAccountSchema.parse({ ...good, phoneNumber: ' +44 1 ', role: 'admin' })).toMatchObject({
      phoneNumber: '+44 1',
      role: 'admin',
    });
  });

  it.each([
    [{ ...good, password: undefined }, [['password', PASSWORD_NOT_PROVIDED]]],
    [{ ...good, password: '' }, [['password', PASSWORD_NOT_PROVIDED]]],
    [{ ...good, password: 12345678 }, [['password', 'The password must be text.']]],
    [{ ...good, password: 'short' }, [['password', 'Password must be at least 8 characters long.']]],
    [{ ...good, password: 'password' }, [['password', 'This password is too common. Please choose another one.']]],
    [{ ...good, name: '   ' }, [['name', 'Name is required.']]],
    [{ ...good, name: 'x'.repeat(101) }, [['name', 'Too big: expected string to have <=100 characters']]],
    [{ ...good, name: 'Ada\nLovelace' }, [['name', 'must be a single line']]],
    [{ ...good, email: 'not-an-email' }, [['email', 'Email is invalid']]],
    [{ ...good, email: `${'a'.repeat(250)}@x.test` }, [['email', 'Too big: expected string to have <=254 characters']]],
    [{ ...good, phoneNumber: '1'.repeat(41) }, [['phoneNumber', 'Too big: expected string to have <=40 characters']]],
    [{ ...good, role: 'owner' }, [['role', 'Invalid option: expected one of "admin"|"staff"']]],
    [
      {},
      [
        ['password', PASSWORD_NOT_PROVIDED],
        ['name', 'Invalid input: expected string, received undefined'],
        ['email', 'Invalid input: expected string, received undefined'],
      ],
    ],
  ])('%o → %o', (input, expected) => {
    expect(messages(NewAccountSchema.safeParse(input))).toEqual(expected);
  });

  it('takes names, e-mails and phone numbers at their limits', () => {
    const result = NewAccountSchema.safeParse({
      ...good,
      name: 'x'.repeat(100),
      email: `${'a'.repeat(245)}@x.test`,
      phoneNumber: '1'.repeat(40),
    });
    expect(result.success).toBe(true);
  });
});

describe('PasswordResetSchema', () => {
  it.each([
    [{ password: 'eight888' }, []],
    [{}, [['password', PASSWORD_NOT_PROVIDED]]],
    [{ password: 'x'.repeat(129) }, [['password', 'Password must be at most 128 characters long.']]],
  ])('%o → %o', (input, expected) => {
    expect(messages(PasswordResetSchema.safeParse(input))).toEqual(expected);
  });
});

describe('StaffAccountSchema', () => {
  it('is the Staff page row', () => {
    const row = {
      id: 'u1',
      name: 'Ada',
      email: 'a@x.test',
      phoneNumber: '',
      role: 'staff',
      disabled: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(StaffAccountSchema.parse(row)).toEqual(row);
    expect(StaffAccountSchema.safeParse({ ...row, disabled: 'no' }).success).toBe(false);
  });
});

describe('SetupBodySchema', () => {
  it('is a new account without a role, with the link token', () => {
    expect(SetupBodySchema.parse({ ...good, token: 't', role: 'staff' })).toEqual({ ...good, phoneNumber: '', token: 't' });
  });

  it.each([
    [{ ...good, token: '' }, [['token', 'The setup link has no token.']]],
    [{ ...good, token: 'x'.repeat(201) }, [['token', 'Too big: expected string to have <=200 characters']]],
    [{ ...good, token: 'x'.repeat(200), password: '' }, [['password', PASSWORD_NOT_PROVIDED]]],
  ])('%o → %o', (input, expected) => {
    expect(messages(SetupBodySchema.safeParse(input))).toEqual(expected);
  });

  it('status says whether the link can still be used', () => {
    expect(SetupStatusSchema.parse({ open: true })).toEqual({ open: true });
    expect(SetupStatusSchema.safeParse({ open: 'yes' }).success).toBe(false);
  });
});
