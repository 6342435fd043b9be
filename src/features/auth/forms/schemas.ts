// The auth forms' rules and messages, word for word as the product states them (shared/form-rules.ts).
import * as yup from 'yup';
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARS } from '@/shared/constants';
import { ACCOUNT_MESSAGES as M } from '@/shared/form-rules';

const email = yup.string().trim().email(M.emailInvalid).required(M.emailRequired);

const newPassword = yup
  .string()
  .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .matches(PASSWORD_SPECIAL_CHARS, M.passwordNeedsSpecial)
  .required(M.passwordRequired);

export const loginSchema = yup.object({
  email,
  password: yup.string().required(M.passwordRequired),
});

export const registerSchema = yup.object({
  first_name: yup.string().trim().required(M.firstNameRequired),
  last_name: yup.string().trim().required(M.lastNameRequired),
  email,
  password: newPassword,
});

export const forgotPasswordSchema = yup.object({ email });

export const resetPasswordSchema = yup.object({
  password: newPassword,
  confirm_password: yup
    .string()
    .oneOf([yup.ref('password')], M.passwordsMustMatch)
    .required(M.confirmRequired),
});

export type LoginValues = yup.InferType<typeof loginSchema>;
export type RegisterValues = yup.InferType<typeof registerSchema>;
export type ForgotPasswordValues = yup.InferType<typeof forgotPasswordSchema>;
export type ResetPasswordValues = yup.InferType<typeof resetPasswordSchema>;
