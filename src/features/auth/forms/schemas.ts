// The auth forms' rules and messages, word for word as the product states them.
import * as yup from 'yup';
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARS } from '@/shared/constants';

const email = yup.string().trim().email('Invalid email').required('Email is required');

const newPassword = yup
  .string()
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .matches(PASSWORD_SPECIAL_CHARS, 'Password must contain at least one special character')
  .required('Password is required');

export const loginSchema = yup.object({
  email,
  password: yup.string().required('Password is required'),
});

export const registerSchema = yup.object({
  first_name: yup.string().trim().required('First Name is required'),
  last_name: yup.string().trim().required('Last Name is required'),
  email,
  password: newPassword,
});

export const forgotPasswordSchema = yup.object({ email });

export const resetPasswordSchema = yup.object({
  password: newPassword,
  confirm_password: yup
    .string()
    .oneOf([yup.ref('password')], 'Passwords must match')
    .required('Confirm Password is required'),
});

export type LoginValues = yup.InferType<typeof loginSchema>;
export type RegisterValues = yup.InferType<typeof registerSchema>;
export type ForgotPasswordValues = yup.InferType<typeof forgotPasswordSchema>;
export type ResetPasswordValues = yup.InferType<typeof resetPasswordSchema>;
