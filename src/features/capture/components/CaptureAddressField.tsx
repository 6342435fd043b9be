import { Stack } from '@mui/material';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import { AppButton } from '@/components/AppButton/AppButton';
import { TextInput } from '@/components/TextInput/TextInput';
import { useCaptureAddress } from '../api/capture-address';
import { CaptureAddressSkeleton } from './CaptureAddressSkeleton';
import { copyText } from '@/lib/copy-text';

/** The account's capture address, read-only, with a Copy button beside it. */
export function CaptureAddressField({ label = 'Your capture address' }: { label?: string }) {
  const address = useCaptureAddress();
  if (address.isPending) return <CaptureAddressSkeleton />;
  if (address.isError) return null;
  const { address: text } = address.data;
  return (
    <Stack direction="row" spacing={1}>
      <TextInput
        label={label}
        value={text}
        readOnly
        fullWidth
        onFocus={(event) => event.target.select()}
        sx={{ minWidth: 0, '& input': { fontFamily: 'monospace', fontSize: 14 } }}
      />
      <AppButton variant="secondary" startIcon={<ContentCopyRoundedIcon fontSize="small" />} onClick={() => void copyText(text)} sx={{ flexShrink: 0 }}>
        Copy
      </AppButton>
    </Stack>
  );
}
