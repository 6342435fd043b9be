import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { usePageTitle } from './usePageTitle';

export interface PageTitleProps {
  /** The page's name: the visible heading and the first part of the document title. */
  title: string;
  /** A heading different from the document title (e.g. a list's own name). */
  heading?: ReactNode;
  subtitle?: ReactNode;
  /** Buttons shown on the right of the heading (below it on small screens). */
  actions?: ReactNode;
}

/** The heading block of a page; also sets the document title. */
export function PageTitle({ title, heading, subtitle, actions }: PageTitleProps) {
  usePageTitle(title);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, justifyContent: 'space-between', mb: 3 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h1" component="h1">
          {heading ?? title}
        </Typography>
        {subtitle && (
          <Typography variant="subtitle1" component="p" sx={{ mt: 0.75 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>{actions}</Stack>}
    </Stack>
  );
}
