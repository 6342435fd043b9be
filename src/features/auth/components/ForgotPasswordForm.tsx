import { useState } from 'react';
import { lazyValidation } from '@/lib/lazy-validation';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { useForgotPassword } from '../api/forgot-password';
import type { ForgotPasswordValues } from '../forms/schemas';
import { AuthForm } from './AuthForm';
import { SentNotice } from './SentNotice';

const validate = lazyValidation<ForgotPasswordValues>(() => import('../forms/schemas').then((schemas) => schemas.forgotPasswordSchema));

const initialValues: ForgotPasswordValues = { email: '' };

/** Forgot Password: after submit the form is replaced by the confirmation text. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <SentNotice>
        We&apos;ve sent you a password reset link! Please check your email and follow the instructions to reset your
        password.
      </SentNotice>
    );
  }

  return (
    <AuthForm
      title="Forgot your password?"
      intro="Enter the e-mail you signed up with and we will send you a reset link."
      label="Forgot password"
      initialValues={initialValues}
      validate={validate}
      onSubmit={async (values) => {
        await forgot.mutateAsync(values.email.trim());
        setSent(true);
      }}
      submitLabel="Reset Password"
      footer={
        <>
          Remembered it? <TextLink to="/login">Back to Log In</TextLink>
        </>
      }
    >
      <FormTextField name="email" label="Email" type="email" autoComplete="email" required autoFocus />
    </AuthForm>
  );
}
