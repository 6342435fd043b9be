import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';

export interface DetailField {
  label: string;
  value: ReactNode;
}

/** A titled card of label / value rows, as on the detail pages. */
export function DetailCard({ title, fields }: { title: string; fields: readonly DetailField[] }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', rowGap: 2 }}>
        {fields.map((field) => (
          <Box key={field.label} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '130px 1fr' }, gap: 0.5 }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 500 }}>
              {field.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
              {field.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
