import type { ReactNode } from 'react';
import { Avatar, Box, Breadcrumbs, Stack, Typography } from '@mui/material';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';

export interface DetailHeaderProps {
  /** The breadcrumb's link back to the table. */
  back: ReactNode;
  title: string;
  /** Beside the title (a private contact's badge). */
  titleMark?: ReactNode;
  subtitle?: string;
  actions?: ReactNode;
}

function initials(title: string): string {
  const words = title.split(/\s+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');
}

/** Breadcrumb, avatar, heading and actions of a detail page. */
export function DetailHeader({ back, title, titleMark, subtitle, actions }: DetailHeaderProps) {
  return (
    <Box sx={{ mb: 3 }}>
      <Breadcrumbs separator={<NavigateNextIcon fontSize="small" />} aria-label="Breadcrumb" sx={{ mb: 2 }}>
        {back}
        <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 500 }} aria-current="page">
          {title}
        </Typography>
      </Breadcrumbs>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontWeight: 600, fontSize: 20 }} aria-hidden>
          {initials(title) || '?'}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5 }}>
            <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            {titleMark}
          </Box>
          {subtitle && (
            <Typography variant="subtitle1" component="p" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && <Stack direction="row" spacing={1}>{actions}</Stack>}
      </Stack>
    </Box>
  );
}
