import { Alert, Box, IconButton, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { Form, Formik } from 'formik';
import { AppButton } from '@/components/AppButton/AppButton';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { apiErrorDetail } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { CAPTURE_LIMITS, type SenderAddress } from '@/shared/capture';
import { useAddSender, useRemoveSender, useSenders } from '../api/senders';
import { senderSchema, type SenderValues } from '../forms/schemas';
import { StatusChip } from './StatusChip';

/** The addresses whose mail is logged: the log-in one, then those she added (verified, or waiting for the mailed link). */
export function SenderAddresses() {
  const senders = useSenders();
  const added = senders.data?.filter((sender) => sender.id !== null).length ?? 0;
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="capture-senders">
      <Box>
        <Typography id="capture-senders" component="h3" sx={{ fontWeight: 650, fontSize: 15 }}>
          Addresses mail is logged from
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Only mail written from these addresses is logged, so a mail forwarded to your capture address by anyone else is not.
        </Typography>
      </Box>
      {senders.isPending ? (
        <Skeleton variant="rounded" height={40} />
      ) : senders.isError ? (
        <Alert severity="error">{apiErrorDetail(senders.error) ?? 'The addresses could not be loaded.'}</Alert>
      ) : (
        <Box component="ul" aria-label="Addresses mail is logged from" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {senders.data.map((sender) => (
            <SenderRow key={sender.id ?? 'login'} sender={sender} />
          ))}
        </Box>
      )}
      {added < CAPTURE_LIMITS.senderAddresses ? (
        <AddSenderForm />
      ) : (
        <Typography variant="body2" color="text.secondary">
          You have added {CAPTURE_LIMITS.senderAddresses} addresses, the most there can be: remove one to add another.
        </Typography>
      )}
    </Stack>
  );
}

function SenderRow({ sender }: { sender: SenderAddress }) {
  const remove = useRemoveSender();
  const { id } = sender;
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontSize: 14, fontWeight: 550, overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 180px' }}>{sender.email}</Typography>
      {id === null ? (
        <StatusChip tone="neutral" label="Log-in address" />
      ) : sender.verified ? (
        <StatusChip tone="success" label="Verified" />
      ) : (
        <StatusChip tone="warning" label="Verify by the link we mailed" />
      )}
      {id !== null && (
        <Tooltip title="Remove">
          <IconButton
            size="small"
            aria-label={`Remove ${sender.email}`}
            disabled={remove.isPending}
            // Awaited rather than mutate's callbacks: the row is gone once the addresses are fetched again.
            onClick={() =>
              remove.mutateAsync(id).then(
                () => showToast(`${sender.email} removed: its mail is no longer logged.`, { variant: 'success' }),
                (error: unknown) => showToast(apiErrorDetail(error) ?? `${sender.email} could not be removed.`, { variant: 'error' }),
              )
            }
          >
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

function AddSenderForm() {
  const add = useAddSender();
  return (
    <Formik<SenderValues>
      initialValues={{ email: '' }}
      validationSchema={senderSchema}
      validateOnChange
      onSubmit={async (values, form) => {
        const email = values.email.trim();
        try {
          await add.mutateAsync(email);
          form.resetForm();
          showToast(`We mailed a link to ${email}: open it to verify the address.`, { variant: 'success' });
        } catch (error) {
          form.setFieldError('email', apiErrorDetail(error) ?? 'The address could not be added. Please try again.');
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Add an address">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <FormTextField name="email" label="Add an address" type="email" autoComplete="email" helperText="A work or personal address you write from." />
            <AppButton type="submit" loading={isSubmitting} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}>
              Add address
            </AppButton>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
