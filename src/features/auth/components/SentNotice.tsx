import type { ReactNode } from 'react';
import { Avatar, Box, Typography } from '@mui/material';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { ButtonLink } from '@/components/RouterLinks/RouterLinks';

/** What replaces a form once a mail is on its way, with the way back to Log In; announced to screen readers. */
export function SentNotice({ children }: { children: ReactNode }) {
  return (
    <Box role="status">
      <Avatar sx={{ bgcolor: '#eef2ff', color: 'primary.main', width: 48, height: 48, mb: 2.5 }}>
        <MarkEmailReadOutlinedIcon />
      </Avatar>
      <Typography variant="h2" component="h1" sx={{ mb: 1.5 }}>
        Check your inbox
      </Typography>
      <Box sx={{ color: 'text.secondary' }}>
        <Typography>{children}</Typography>
      </Box>
      <ButtonLink to="/login" size="large" fullWidth sx={{ mt: 3 }}>
        Back to Login
      </ButtonLink>
    </Box>
  );
}
