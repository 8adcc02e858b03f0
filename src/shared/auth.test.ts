import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from './auth';
import { passwordProblem } from './staff';

describe('password policy', () => {
  it.each([
    ['', 'Password must be at least 8 characters long.'],
    ['short', 'Password must be at least 8 characters long.'],
    ['seven77', 'Password must be at least 8 characters long.'],
    ['password', 'This password is too common. Please choose another one.'],
    ['Password123', 'This password is too common. Please choose another one.'],
    ['12345678', 'This password is too common. Please choose another one.'],
    ['qwertyuiop', 'This password is too common. Please choose another one.'],
    ['x'.repeat(129), 'Password must be at most 128 characters long.'],
    ['eight888', null],
    ['correct horse battery staple', null],
    ['x'.repeat(64), null],
    ['x'.repeat(128), null],
    ['mingo-demo-admin', null],
  ])('%j → %s', (password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
  });
});

describe('login e-mail pattern', () => {
  it.each([
    ['admin@mingo.local', true],
    ['a.b+c@example.co.uk', true],
    ['', false],
    ['plainaddress', false],
    ['no-tld@example', false],
    ['spaces in@example.com', false],
    ['@example.com', false],
  ])('%j → %s', (email, valid) => {
    expect(EMAIL_PATTERN.test(email)).toBe(valid);
  });
});
