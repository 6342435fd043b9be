import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** The heading of an auth screen: a title and one line of guidance. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ mb: 3.5 }}>
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {children}
        </Typography>
      )}
    </Box>
  );
}
