import type { ReactNode } from 'react';
import { Avatar, Box, Typography } from '@mui/material';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';

/** What replaces a form once a mail is on its way; announced to screen readers. */
export function SentNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box role="status">
      <Avatar sx={{ bgcolor: '#eef2ff', color: 'primary.main', width: 48, height: 48, mb: 2.5 }}>
        <MarkEmailReadOutlinedIcon />
      </Avatar>
      <Typography variant="h2" component="h1" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ color: 'text.secondary' }}>{children}</Box>
    </Box>
  );
}
