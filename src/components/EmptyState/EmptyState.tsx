import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';

export interface EmptyStateProps {
  title: string;
  /** What would be here, and how to get it. */
  description: ReactNode;
  /** Below the description (the capture address to copy). */
  children?: ReactNode;
}

/** A page's panel while it has nothing to show yet. */
export function EmptyState({ title, description, children }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography component="h2" sx={{ fontWeight: 650, fontSize: 17 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: children ? 2 : undefined, maxWidth: 640 }}>
        {description}
      </Typography>
      {children}
    </Paper>
  );
}
