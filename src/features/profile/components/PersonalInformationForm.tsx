import { Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { showToast } from '@/lib/toasts';
import { FormSubmit } from '@/components/FormSubmit/FormSubmit';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { TextInput } from '@/components/TextInput/TextInput';
import { apiErrorDetail } from '@/lib/api-client';
import { useMe } from '../api/me';
import { useUpdateMe } from '../api/update-me';
import { personalInformationSchema, type PersonalInformationValues } from '../forms/schemas';

/** Personal Information: first and last name editable, e-mail read-only. */
export function PersonalInformationForm() {
  const user = useMe();
  const update = useUpdateMe();
  const initialValues: PersonalInformationValues = { first_name: user.first_name, last_name: user.last_name };

  return (
    <Formik
      initialValues={initialValues}
      enableReinitialize
      validationSchema={personalInformationSchema}
      validateOnChange
      onSubmit={async (values) => {
        try {
          await update.mutateAsync({ first_name: values.first_name.trim(), last_name: values.last_name.trim() });
          showToast('Personal information updated successfully', { variant: 'success' });
        } catch (error) {
          showToast(apiErrorDetail(error) ?? 'Something went wrong', { variant: 'error' });
        }
      }}
    >
      <Form noValidate aria-label="Personal information">
        <Stack spacing={2.25}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.25}>
            <FormTextField name="first_name" label="First Name" autoComplete="given-name" required />
            <FormTextField name="last_name" label="Last Name" autoComplete="family-name" required />
          </Stack>
          <TextInput
            label="Email"
            value={user.email}
            readOnly
            helperText="Your e-mail is your login and cannot be changed here."
            sx={{ '& .MuiOutlinedInput-root': { bgcolor: 'grey.50', color: 'text.secondary' } }}
          />
          <FormSubmit needsChange>Save Changes</FormSubmit>
        </Stack>
      </Form>
    </Formik>
  );
}
