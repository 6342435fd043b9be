import { useEffect, useRef, useState } from 'react';
import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { Logo } from '@/components/Logo/Logo';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { ButtonLink } from '@/components/RouterLinks/RouterLinks';
import { apiErrorDetail } from '@/lib/api-client';
import { verifySender } from '../api/senders';

type Phase = { name: 'verifying' } | { name: 'verified'; email: string } | { name: 'failed'; reason: string };

/** /verify-sender?token=…, the link mailed to an address she added: it is verified, and mail from it is logged. */
export function VerifySenderPage({ token }: { token: string | undefined }) {
  usePageTitle('Verify address');
  const [phase, setPhase] = useState<Phase>(token ? { name: 'verifying' } : { name: 'failed', reason: 'This link has no token: open the link from the mail again.' });
  // The token is single use: a second post (StrictMode's double effect) would be refused.
  const posted = useRef<string | null>(null);
  useEffect(() => {
    if (!token || posted.current === token) return;
    posted.current = token;
    verifySender(token).then(
      (sender) => setPhase({ name: 'verified', email: sender.email }),
      (error: unknown) => setPhase({ name: 'failed', reason: apiErrorDetail(error) ?? 'The address could not be verified. Please try again.' }),
    );
  }, [token]);

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', px: 2, py: { xs: 4, sm: 8 } }}>
      <Box sx={{ width: '100%', maxWidth: 520, mb: 4 }}>
        <Logo />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 520, p: { xs: 2.5, sm: 4 } }}>
        <Box role="status" aria-live="polite">
          {phase.name === 'verifying' && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <CircularProgress size={28} aria-hidden />
              <Typography variant="h2" component="h1">
                Verifying the address…
              </Typography>
            </Box>
          )}
          {phase.name === 'verified' && (
            <>
              <Typography variant="h2" component="h1">
                Address verified
              </Typography>
              <Alert severity="success" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
                {phase.email} is verified: mail from it is now logged.
              </Alert>
            </>
          )}
          {phase.name === 'failed' && (
            <>
              <Typography variant="h2" component="h1">
                The address could not be verified
              </Typography>
              <Alert severity="error" sx={{ mt: 2 }}>
                {phase.reason}
              </Alert>
            </>
          )}
        </Box>
        {phase.name !== 'verifying' && (
          <ButtonLink to="/profile" variant="secondary" sx={{ mt: 3 }}>
            Go to your profile
          </ButtonLink>
        )}
      </Paper>
    </Box>
  );
}
