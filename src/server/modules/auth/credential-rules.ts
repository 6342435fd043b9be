import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARS } from '../../../shared/constants.js';
import { ACCOUNT_MESSAGES as M, EMAIL_PATTERN } from '../../../shared/form-rules.js';

// The server's side of the sign-up and password rules: the same rules and messages as the forms, so a
// client that skips its own checks still gets a detail a person can read. Each check answers its
// message or null.

export type Problem = string | null;

/** The first problem found, checking in the order given. */
export function firstProblem(...problems: Problem[]): Problem {
  return problems.find((p) => p !== null) ?? null;
}

/** Trimmed and lower-cased: one account per address, however it is typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailProblem(email: string | undefined): Problem {
  const value = email?.trim() ?? '';
  if (value === '') return M.emailRequired;
  return EMAIL_PATTERN.test(value) ? null : M.emailInvalid;
}

export function requiredProblem(value: string | undefined, message: string): Problem {
  return value === undefined || value.trim() === '' ? message : null;
}

/** A password being chosen: required, at least PASSWORD_MIN_LENGTH long, with one special character. */
export function newPasswordProblem(password: string | undefined, requiredMessage: string = M.passwordRequired): Problem {
  if (password === undefined || password === '') return requiredMessage;
  if (password.length < PASSWORD_MIN_LENGTH) return M.passwordTooShort;
  if (!PASSWORD_SPECIAL_CHARS.test(password)) return M.passwordNeedsSpecial;
  return null;
}

/** The confirmation of a new password: required and equal to it. */
export function confirmationProblem(password: string | undefined, confirmation: string | undefined): Problem {
  if (confirmation === undefined || confirmation === '') return M.confirmRequired;
  return confirmation === password ? null : M.passwordsMustMatch;
}
