import { Suspense } from 'react';
import { Box, Typography, type SxProps, type Theme } from '@mui/material';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import { usePrefetchQuery } from '@tanstack/react-query';
import { lazyComponent } from '@/features/offline';
import { captureAddressQueryOptions } from '../api/capture-address';
import { CaptureAddressSkeleton } from './CaptureAddressSkeleton';

// The field (MUI's text field) loads beside the address, not with the page: on a list's page it is no part of the first
// paint, and a phone's first load of it no longer carries MUI's TextField (its chunks were 11 KB gzipped in the audit).
const CaptureAddressField = lazyComponent(() => import('./CaptureAddressField').then((module) => ({ default: module.CaptureAddressField })));

/**
 * Where a founder first needs her capture address (an empty pipeline, a row's activity, an empty Follow-ups):
 * the address with a Copy button and what to do with it, in one sentence.
 */
export function CaptureAddressHint({ sx }: { sx?: SxProps<Theme> }) {
  usePrefetchQuery(captureAddressQueryOptions());
  return (
    <Box
      sx={[
        { display: 'grid', gap: 1.25, p: 2, borderRadius: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider', maxWidth: 560 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <MailOutlineRoundedIcon fontSize="small" color="primary" aria-hidden sx={{ mt: '1px' }} />
        <span>BCC your capture address on a mail to investors, or forward it a reply: it logs on their rows by itself.</span>
      </Typography>
      <Suspense fallback={<CaptureAddressSkeleton />}>
        <CaptureAddressField />
      </Suspense>
    </Box>
  );
}
