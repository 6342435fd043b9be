import { describe, expect, it } from 'vitest';
import {
  confirmationProblem,
  emailProblem,
  firstProblem,
  newPasswordProblem,
  normalizeEmail,
  requiredProblem,
} from '../../src/server/modules/auth/credential-rules.js';

describe('credential rules, server side', () => {
  it.each([
    [undefined, 'Email is required'],
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    ['plain', 'Invalid email'],
    ['a@b', 'Invalid email'],
    ['a@@b.c', 'Invalid email'],
    ['a b@c.d', 'Invalid email'],
    ['a@b.', 'Invalid email'],
    ['ada@example.com', null],
    [' Ada.Lovelace+vc@mail.example.co.uk ', null],
  ])('email %j → %j', (email, problem) => {
    expect(emailProblem(email)).toBe(problem);
  });

  it('normalizes an address to trimmed lower case', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it.each([
    [undefined, 'Password is required'],
    ['', 'Password is required'],
    ['Ab!1234', 'Password must be at least 8 characters'],
    ['Abcd12345', 'Password must contain at least one special character'],
    ['Abcd1234!', null],
    ['        |', null],
    ...[...'!@#$%^&*(),.?":{}|<>'].map((c) => [`abcdefgh${c}`, null] as [string, null]),
  ])('new password %j → %j', (password, problem) => {
    expect(newPasswordProblem(password)).toBe(problem);
  });

  it('uses the form’s own "required" message', () => {
    expect(newPasswordProblem(undefined, 'New password is required')).toBe('New password is required');
  });

  it('wants the confirmation present and equal', () => {
    expect(confirmationProblem('Abcd1234!', undefined)).toBe('Confirm Password is required');
    expect(confirmationProblem('Abcd1234!', 'Abcd1234?')).toBe('Passwords must match');
    expect(confirmationProblem('Abcd1234!', 'Abcd1234!')).toBeNull();
  });

  it('treats blank text as missing', () => {
    expect(requiredProblem(' \t', 'Firstname is required')).toBe('Firstname is required');
    expect(requiredProblem(undefined, 'Lastname is required')).toBe('Lastname is required');
    expect(requiredProblem('Ada', 'Firstname is required')).toBeNull();
  });

  it('answers the first problem in order', () => {
    expect(firstProblem(null, 'second', 'third')).toBe('second');
    expect(firstProblem(null, null)).toBeNull();
  });
});
