// What each auth form says, its starting values and the rules it validates with: one row a screen, so the
// forms hold only their fields and what a submit does.
import type { FormikValues } from 'formik';
import type { ForgotPasswordValues, LoginValues, RegisterValues, ResetPasswordValues } from '../forms/schemas';

export type AuthSchemas = typeof import('../forms/schemas');

export interface AuthScreen<V extends FormikValues> {
  title: string;
  intro: string;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  schema: keyof AuthSchemas;
  initialValues: V;
}

const screen = <V extends FormikValues>(row: AuthScreen<V>) => row;

export const AUTH_SCREENS = {
  login: screen<LoginValues>({
    title: 'Log in to Fundscape',
    intro: 'Welcome back. Enter your details to continue.',
    label: 'Log in',
    submitLabel: 'Log In',
    schema: 'loginSchema',
    initialValues: { email: '', password: '' },
  }),
  register: screen<RegisterValues>({
    title: 'Create your account',
    intro: 'Find the investors and funds that fit your startup.',
    label: 'Sign up',
    submitLabel: 'Sign Up',
    schema: 'registerSchema',
    initialValues: { first_name: '', last_name: '', email: '', password: '' },
  }),
  forgotPassword: screen<ForgotPasswordValues>({
    title: 'Forgot your password?',
    intro: 'Enter the e-mail you signed up with and we will send you a reset link.',
    label: 'Forgot password',
    submitLabel: 'Reset Password',
    schema: 'forgotPasswordSchema',
    initialValues: { email: '' },
  }),
  resetPassword: screen<ResetPasswordValues>({
    title: 'Set a new password',
    intro: 'Choose a password you have not used here before.',
    label: 'Reset password',
    submitLabel: 'Reset Password',
    schema: 'resetPasswordSchema',
    initialValues: { password: '', confirm_password: '' },
  }),
};
