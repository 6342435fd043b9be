import { Box, Typography } from '@mui/material';
import { ButtonLink } from '@/components/RouterLinks/RouterLinks';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';

/** The page for any path the app does not know. */
export function NotFound() {
  usePageTitle('Page Not Found');
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '70vh', px: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 420 }}>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: '0.12em' }}>
          404
        </Typography>
        <Typography variant="h1" component="h1" sx={{ mt: 1 }}>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3 }}>
          The page you asked for does not exist or has moved.
        </Typography>
        <ButtonLink to="/">Back to Fundscape</ButtonLink>
      </Box>
    </Box>
  );
}
