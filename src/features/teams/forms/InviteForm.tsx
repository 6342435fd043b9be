import { useState } from 'react';
import { Box, Stack, TextField } from '@mui/material';
import { Form, Formik } from 'formik';
import { AppButton } from '@/components/AppButton/AppButton';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { labelledOptions } from '@/components/FormSelect/labelled-options';
import { apiErrorDetail } from '@/lib/api-client';
import { LIST_ROLE_LABELS, MEMBER_ROLES } from '@/shared/teams';
import { inviteSchema, type InviteValues } from './invite-schema';

/** Invite by e-mail as editor or viewer; the server's refusal (yourself, a member already) shows above the fields. */
export function InviteForm({ onInvite }: { onInvite: (values: InviteValues) => Promise<unknown> }) {
  const [error, setError] = useState<string>();
  return (
    <Formik<InviteValues>
      initialValues={{ email: '', role: 'editor' }}
      validationSchema={inviteSchema}
      onSubmit={async (values, { resetForm }) => {
        setError(undefined);
        try {
          await onInvite({ email: values.email.trim(), role: values.role });
          resetForm({ values: { email: '', role: values.role } });
        } catch (failure) {
          setError(apiErrorDetail(failure) ?? 'The invitation could not be sent. Please try again.');
        }
      }}
    >
      {(formik) => (
        <Form noValidate aria-label="Invite">
          <FormAlert message={error} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Box sx={{ flex: 1 }}>
              <FormTextField name="email" type="email" label="E-mail" placeholder="cofounder@example.com" autoComplete="off" />
            </Box>
            <TextField
              select
              name="role"
              label="Role"
              value={formik.values.role}
              onChange={formik.handleChange}
              sx={{ width: { xs: '100%', sm: 150 } }}
            >
              {labelledOptions(MEMBER_ROLES, LIST_ROLE_LABELS)}
            </TextField>
            <AppButton type="submit" loading={formik.isSubmitting} sx={{ minHeight: 41, flexShrink: 0 }}>
              Invite
            </AppButton>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
