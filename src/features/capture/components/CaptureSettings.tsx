import { useState } from 'react';
import { Alert, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AutorenewRoundedIcon from '@mui/icons-material/AutorenewRounded';
import { AppButton } from '@/components/AppButton/AppButton';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { apiErrorDetail } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { TOUCH_FOLLOW_UP_DAYS } from '@/shared/capture';
import { useRotateCaptureAddress } from '../api/capture-address';
import { useCaptureSettings, useUpdateCaptureSettings } from '../api/capture-settings';
import { CaptureAddressField } from './CaptureAddressField';
import { SenderAddresses } from './SenderAddresses';

/** The profile's "E-mail capture": the capture address (copy, rotate), the addresses mail is logged from, the follow-up setting. */
export function CaptureSettings() {
  return (
    <Stack spacing={3}>
      <Stack spacing={1.5}>
        <CaptureAddressField />
        <Typography variant="body2" color="text.secondary">
          BCC it on a mail to investors, or forward it a mail you received: it logs on the investor&apos;s rows, on every list of yours that holds
          them.
        </Typography>
        <RotateAddress />
      </Stack>
      <Divider />
      <SenderAddresses />
      <Divider />
      <FollowUpSetting />
    </Stack>
  );
}

function RotateAddress() {
  const [open, setOpen] = useState(false);
  const rotate = useRotateCaptureAddress();
  const close = () => {
    setOpen(false);
    rotate.reset();
  };
  return (
    <>
      <AppButton variant="secondary" startIcon={<AutorenewRoundedIcon fontSize="small" />} onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        Rotate
      </AppButton>
      <ConfirmDialog
        open={open}
        title="Rotate your capture address?"
        description="You get a new capture address. Mail to the old address will be refused from then on."
        confirmLabel="Rotate"
        pending={rotate.isPending}
        onCancel={close}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              close();
              showToast('Your capture address is new: mail to the old one is refused.', { variant: 'success' });
            },
          })
        }
      >
        {rotate.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {apiErrorDetail(rotate.error) ?? 'The address could not be rotated. Please try again.'}
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}

const OFF = 'off';

function FollowUpSetting() {
  const settings = useCaptureSettings();
  const update = useUpdateCaptureSettings();
  const days = settings.data?.follow_up_days;
  return (
    <Stack spacing={1}>
      <TextField
        select
        label="After a touch, follow up in"
        value={days === undefined ? '' : days === null ? OFF : String(days)}
        disabled={settings.isPending || update.isPending}
        helperText="A mail or a touch you log sets the row's follow-up this far out, when it has none."
        onChange={(event) => {
          const value = event.target.value === OFF ? null : Number(event.target.value);
          update.mutate(
            { follow_up_days: value },
            {
              onSuccess: () => showToast('Follow-up setting saved', { variant: 'success' }),
              onError: (error) => showToast(apiErrorDetail(error) ?? 'The setting could not be saved. Please try again.', { variant: 'error' }),
            },
          );
        }}
        sx={{ maxWidth: 320 }}
      >
        <MenuItem value={OFF}>Off</MenuItem>
        {TOUCH_FOLLOW_UP_DAYS.map((option) => (
          <MenuItem key={option} value={String(option)}>
            {option} days
          </MenuItem>
        ))}
      </TextField>
      {settings.isError && <Alert severity="error">{apiErrorDetail(settings.error) ?? 'The setting could not be loaded.'}</Alert>}
    </Stack>
  );
}
