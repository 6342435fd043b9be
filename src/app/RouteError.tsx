import { Box, Typography } from '@mui/material';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { AppButton } from '@/components/AppButton/AppButton';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { apiErrorDetail } from '@/lib/api-client';
import { isUnavailableOffline } from '@/features/offline';
import { NotAvailableOffline } from '@/features/offline/components/NotAvailableOffline';

/** What a route shows when its data could not be loaded: offline without a saved copy, or the reason and a way to try again. */
export function RouteError(props: ErrorComponentProps) {
  return isUnavailableOffline(props.error) ? <OfflineRouteError {...props} /> : <LoadError {...props} />;
}

function OfflineRouteError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <NotAvailableOffline
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}

function LoadError({ error, reset }: ErrorComponentProps) {
  usePageTitle('Something went wrong');
  const router = useRouter();
  const reason = apiErrorDetail(error) ?? (navigator.onLine ? 'The server could not be reached or answered with an error.' : 'You are offline.');
  return (
    <Box role="alert" sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh', px: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 440 }}>
        <Typography variant="h2" component="h1">
          Something went wrong
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3 }}>
          {reason}
        </Typography>
        <AppButton
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </AppButton>
      </Box>
    </Box>
  );
}
