// Schemas of the auth calls. Bodies reject unknown keys and cap every string; which fields are
// required, and the address and password rules, are checked in the handlers so the answer carries the
// product's own messages ("Email is required", …) rather than a schema error.
import { type TProperties, Type } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH } from '../../../shared/form-rules.js';
import { errorBody, nullable, publicCall, resourceId, userCall } from '../../plugins/validation.js';

const LIMITS = { email: EMAIL_MAX_LENGTH, password: 128, name: 100, token: 200 } as const;

/** A body field the handler checks itself: optional here, capped in length. */
const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
/** A body field the schema requires (not one the user types: an id or a token from a link). */
const token = () => Type.String({ minLength: 1, maxLength: LIMITS.token });

const body = <P extends TProperties>(properties: P) => Type.Object(properties, { additionalProperties: false });

export const messageBody = Type.Object({ message: Type.String() });

export const tokensBody = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  token_type: Type.Literal('bearer'),
});

export const userBody = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  profile_photo: nullable(Type.String()),
});

export const registerSchema = publicCall({
  summary: 'Sign up; answers 302 (no Location) and mails a verification link',
  body: body({
    email: text(LIMITS.email),
    password: text(LIMITS.password),
    first_name: text(LIMITS.name),
    last_name: text(LIMITS.name),
  }),
  response: { 302: errorBody },
});

export const verifyEmailSchema = publicCall({
  summary: 'Use the mailed verification link; answers tokens',
  body: body({ verification_id: token() }),
  response: { 200: tokensBody },
});

export const loginSchema = publicCall({
  summary: 'Check the password and mail a 6-digit code; answers 302 (no Location) with user_id',
  body: body({ email: text(LIMITS.email), password: text(LIMITS.password) }),
  response: {
    302: Type.Object({ user_id: Type.Integer(), email: Type.String(), detail: Type.String() }),
  },
});

export const verifyOtpSchema = publicCall({
  summary: 'Trade the mailed login code for tokens',
  body: body({ user_id: resourceId, code: text(16) }),
  response: { 200: tokensBody },
});

export const refreshSchema = publicCall({
  summary: 'Trade a refresh token for new tokens (each refresh token works once)',
  body: body({ refresh_token: token() }),
  response: { 200: tokensBody },
});

export const logoutSchema = publicCall({
  summary:
    "Log out: ends the session of this refresh token (the device's), on every instance — its refresh token and the " +
    'access tokens issued with it are refused from then on. Needs no access token (one sent later, from a device ' +
    'that was offline, may have expired); an unknown or already ended session answers 204 too',
  body: body({ refresh_token: token() }),
  response: { 204: Type.Null() },
});

export const getMeSchema = userCall({
  summary: 'The current user',
  response: { 200: userBody },
});

export const putMeSchema = userCall({
  summary: 'Change the current user’s name',
  body: body({ first_name: text(LIMITS.name), last_name: text(LIMITS.name) }),
  response: { 200: userBody },
});

export const changePasswordSchema = userCall({
  summary: 'Change the password; other sessions are logged out',
  body: body({
    current_password: text(LIMITS.password),
    new_password: text(LIMITS.password),
    confirm_password: text(LIMITS.password),
  }),
  response: { 200: messageBody },
});

export const forgotPasswordSchema = publicCall({
  summary: 'Mail a password reset link; the answer is the same whether or not the address has an account',
  body: body({ email: text(LIMITS.email) }),
  response: { 200: messageBody },
});

export const resetPasswordSchema = publicCall({
  summary: 'Set a new password with the mailed reset link; every session is logged out',
  body: body({
    new_password: text(LIMITS.password),
    confirm_password: text(LIMITS.password),
    token: text(LIMITS.token),
  }),
  response: { 200: messageBody },
});
