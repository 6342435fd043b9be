// The rules both sides apply to what a person types, with their messages word for word as the product
// states them: the client's forms show them as you type, and the server answers them as `detail` to a
// client that skipped its own checks. Lengths and patterns live in constants.ts.
import { PASSWORD_MIN_LENGTH } from './constants.js';

export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordNeedsSpecial: 'Password must contain at least one special character',
  confirmRequired: 'Confirm Password is required',
  passwordsMustMatch: 'Passwords must match',
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  /** Account Settings words the same rule differently. */
  profileFirstNameRequired: 'Firstname is required',
  profileLastNameRequired: 'Lastname is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
} as const;

/** An e-mail address: something, an @, and a domain with at least one dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The longest e-mail address taken anywhere: RFC 5321's 256-character path less its angle brackets. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * An e-mail stored on an investor or fund (a private contact's, the catalogue's), which the app turns into a
 * mailto: link: EMAIL_PATTERN, and none of ?, & and % (they would carry headers, a bcc, into the link).
 */
export const STORED_EMAIL_PATTERN = /^[^\s@?&%]+@[^\s@.?&%]+(\.[^\s@.?&%]+)+$/;

export const LIST_NAME_MAX = 100;
export const LIST_DESCRIPTION_MAX = 1000;
/** Lists one account may own. */
export const MAX_LISTS = 500;
/** Lists one account may create per hour, across every instance. */
export const LISTS_CREATED_PER_HOUR = 60;

export const LIST_MESSAGES = {
  nameRequired: 'List name is required',
  nameTooLong: `List name must be at most ${LIST_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${LIST_DESCRIPTION_MAX} characters`,
  typeRequired: 'List type is required',
  typeInvalid: "List type must be either 'investor' or 'fund'",
  tooMany: `You can have at most ${MAX_LISTS} lists: delete one to make room for another`,
} as const;
