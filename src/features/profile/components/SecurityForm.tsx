import { Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { showToast } from '@/lib/toasts';
import { FormSubmit } from '@/components/FormSubmit/FormSubmit';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { apiErrorDetail } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { changePasswordSchema, type ChangePasswordValues } from '../forms/schemas';

const initialValues: ChangePasswordValues = { current_password: '', new_password: '', confirm_password: '' };

/** Security: change the password; the answer's message, or the server's detail ('Something went wrong' without one), comes as a toast. */
export function SecurityForm() {
  const change = useChangePassword();

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={changePasswordSchema}
      validateOnChange
      onSubmit={async (values, { resetForm }) => {
        try {
          const { message } = await change.mutateAsync(values);
          showToast(message, { variant: 'success' });
          resetForm();
        } catch (error) {
          showToast(apiErrorDetail(error) ?? 'Something went wrong', { variant: 'error' });
        }
      }}
    >
      <Form noValidate aria-label="Change password">
        <Stack spacing={2.25}>
          <FormTextField name="current_password" label="Current Password" type="password" autoComplete="current-password" required />
          <FormTextField name="new_password" label="New Password" type="password" autoComplete="new-password" required />
          <FormTextField name="confirm_password" label="Confirm Password" type="password" autoComplete="new-password" required />
          <FormSubmit>Update Password</FormSubmit>
        </Stack>
      </Form>
    </Formik>
  );
}
