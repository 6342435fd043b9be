// JSON schemas of the auth calls. Bodies reject unknown keys and cap every string; which fields are
// required, and the address and password rules, are checked in the handlers so the answer carries
// SPEC §5's own messages.
import { errorResponses, resourceId } from '../../plugins/validation.js';

const LIMITS = { email: 254, password: 128, name: 100, token: 200 } as const;

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

function body(properties: Record<string, object>, required: string[] = []) {
  return { type: 'object', additionalProperties: false, properties, required } as const;
}

export const messageBody = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

export const tokensBody = {
  type: 'object',
  properties: {
    access_token: { type: 'string' },
    refresh_token: { type: 'string' },
    token_type: { type: 'string', enum: ['bearer'] },
  },
  required: ['access_token', 'refresh_token', 'token_type'],
} as const;

export const userBody = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: 'string' },
    profile_photo: { type: ['string', 'null'] },
  },
  required: ['id', 'first_name', 'last_name', 'email', 'profile_photo'],
} as const;

export const registerSchema = {
  summary: 'Sign up; answers 302 (no Location) and mails a verification link',
  body: body({
    email: text(LIMITS.email),
    password: text(LIMITS.password),
    first_name: text(LIMITS.name),
    last_name: text(LIMITS.name),
  }),
  response: {
    302: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] },
    ...errorResponses,
  },
} as const;

export const verifyEmailSchema = {
  summary: 'Use the mailed verification link; answers tokens',
  body: body({ verification_id: { type: 'string', minLength: 1, maxLength: LIMITS.token } }, ['verification_id']),
  response: { 200: tokensBody, ...errorResponses },
} as const;

export const loginSchema = {
  summary: 'Check the password and mail a 6-digit code; answers 302 (no Location) with user_id',
  body: body({ email: text(LIMITS.email), password: text(LIMITS.password) }),
  response: {
    302: {
      type: 'object',
      properties: { user_id: { type: 'integer' }, email: { type: 'string' }, detail: { type: 'string' } },
      required: ['user_id', 'email', 'detail'],
    },
    ...errorResponses,
  },
} as const;

export const verifyOtpSchema = {
  summary: 'Trade the mailed login code for tokens',
  body: body({ user_id: resourceId, code: text(16) }, ['user_id']),
  response: { 200: tokensBody, ...errorResponses },
} as const;

export const refreshSchema = {
  summary: 'Trade a refresh token for new tokens (each refresh token works once)',
  body: body({ refresh_token: { type: 'string', minLength: 1, maxLength: LIMITS.token } }, ['refresh_token']),
  response: { 200: tokensBody, ...errorResponses },
} as const;

export const getMeSchema = {
  summary: 'The current user',
  security: [{ bearer: [] }],
  response: { 200: userBody, ...errorResponses },
} as const;

export const putMeSchema = {
  summary: 'Change the current user’s name',
  security: [{ bearer: [] }],
  body: body({ first_name: text(LIMITS.name), last_name: text(LIMITS.name) }),
  response: { 200: userBody, ...errorResponses },
} as const;

export const changePasswordSchema = {
  summary: 'Change the password; other sessions are logged out',
  security: [{ bearer: [] }],
  body: body({
    current_password: text(LIMITS.password),
    new_password: text(LIMITS.password),
    confirm_password: text(LIMITS.password),
  }),
  response: { 200: messageBody, ...errorResponses },
} as const;

export const forgotPasswordSchema = {
  summary: 'Mail a password reset link; the answer is the same whether or not the address has an account',
  body: body({ email: text(LIMITS.email) }),
  response: { 200: messageBody, ...errorResponses },
} as const;

export const resetPasswordSchema = {
  summary: 'Set a new password with the mailed reset link; every session is logged out',
  body: body({
    new_password: text(LIMITS.password),
    confirm_password: text(LIMITS.password),
    token: text(LIMITS.token),
  }),
  response: { 200: messageBody, ...errorResponses },
} as const;
