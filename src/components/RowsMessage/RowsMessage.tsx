import type { ReactNode } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';

export interface NoRowsMessageProps {
  icon: SvgIconComponent;
  title: string;
  /** The line under the title: why there are none, or what to try. */
  detail: string;
  /** Below it (Clear search and filters). */
  action?: ReactNode;
}

/** What a page of rows shows instead of them (a grid's overlay, a phone's empty card list). */
export function NoRowsMessage({ icon: Icon, title, detail, action }: NoRowsMessageProps) {
  return (
    <Box sx={{ py: 8, px: 3, textAlign: 'center' }}>
      <Icon sx={{ fontSize: 40, color: 'text.disabled', mb: 1 }} />
      <Typography variant="h5" component="p">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {detail}
      </Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}

/** The rows could not be loaded (`offline`: they were never loaded on this device), with Retry. */
export function RowsLoadError({ offline, onRetry, children }: { offline: boolean; onRetry: () => void; children: ReactNode }) {
  return (
    <Alert
      severity={offline ? 'info' : 'error'}
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
