import type { ReactNode } from 'react';
import { Box, Card, Typography } from '@mui/material';

/** One block of Account Settings: what it is about on the left, the form in a card on the right. */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '280px 1fr' }, gap: { xs: 2, lg: 5 }, py: { xs: 3, sm: 4 } }}
    >
      <Box>
        <Typography id={id} variant="h4" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          {description}
        </Typography>
      </Box>
      <Card sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 640 }}>{children}</Card>
    </Box>
  );
}
