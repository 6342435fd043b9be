import { Box, Typography, type SxProps, type Theme } from '@mui/material';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import { CaptureAddressField } from './CaptureAddressField';

/**
 * Where a founder first needs her capture address (an empty pipeline, a row's activity, an empty Follow-ups):
 * the address with a Copy button and what to do with it, in one sentence.
 */
export function CaptureAddressHint({ sx }: { sx?: SxProps<Theme> }) {
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
      <CaptureAddressField />
    </Box>
  );
}
