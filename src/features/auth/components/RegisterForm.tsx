import { useState } from 'react';
import { Stack } from '@mui/material';
import { lazyValidation } from '@/lib/lazy-validation';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { useRegister } from '../api/register';
import type { RegisterValues } from '../forms/schemas';
import { AuthForm } from './AuthForm';
import { NEW_PASSWORD_HINT } from './new-password-hint';
import { SentNotice } from './SentNotice';

const validate = lazyValidation<RegisterValues>(() => import('../forms/schemas').then((schemas) => schemas.registerSchema));

const initialValues: RegisterValues = { first_name: '', last_name: '', email: '', password: '' };

/** Sign Up: a 302 answer replaces the form with the confirmation; errors show the server's detail. */
export function RegisterForm() {
  const register = useRegister();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <SentNotice>
        Registration successful! We&apos;ve sent a verification link to your email. Please check your inbox and follow
        the link to verify your account.
      </SentNotice>
    );
  }

  return (
    <AuthForm
      title="Create your account"
      intro="Find the investors and funds that fit your startup."
      label="Sign up"
      initialValues={initialValues}
      validate={validate}
      onSubmit={async (values) => {
        await register.mutateAsync({
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          email: values.email.trim(),
          password: values.password,
        });
        setDone(true);
      }}
      submitLabel="Sign Up"
      footer={
        <>
          Already have an account? <TextLink to="/login">Log In</TextLink>
        </>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.25}>
        <FormTextField name="first_name" label="First Name" autoComplete="given-name" required autoFocus />
        <FormTextField name="last_name" label="Last Name" autoComplete="family-name" required />
      </Stack>
      <FormTextField name="email" label="Email" type="email" autoComplete="email" required />
      <FormTextField
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        helperText={NEW_PASSWORD_HINT}
      />
    </AuthForm>
  );
}
