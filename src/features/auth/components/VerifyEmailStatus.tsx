import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Avatar, Box, CircularProgress, Typography } from '@mui/material';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import { ButtonLink } from '@/components/RouterLinks/RouterLinks';
import { EMAIL_VERIFY_DELAY_MS } from '@/shared/constants';
import type { Tokens } from '@/shared/api-types';
import { authErrorText } from '../api/auth-error-text';
import { verifyEmail } from '../api/verify-email';

export interface VerifyEmailStatusProps {
  token: string;
  /** Stores the tokens as soon as they arrive, without logging in yet. */
  onTokens: (tokens: Tokens) => void;
  /** Called EMAIL_VERIFY_DELAY_MS later: the user becomes logged in. */
  onVerified: () => void;
}

type Phase = { name: 'verifying' } | { name: 'verified' } | { name: 'failed'; reason: string };

/** E-mail link verification: 'Verifying Email...', then after 1 s 'Email verified successfully'. */
export function VerifyEmailStatus({ token, onTokens, onVerified }: VerifyEmailStatusProps) {
  const [phase, setPhase] = useState<Phase>({ name: 'verifying' });
  // The token is single use: a second post (StrictMode's double effect) would be refused.
  const posted = useRef<string | null>(null);
  const handleTokens = useEffectEvent(onTokens);
  const handleVerified = useEffectEvent(onVerified);

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (posted.current === token) return;
    posted.current = token;
    verifyEmail(token).then(
      (tokens) => {
        handleTokens(tokens);
        timer.current = setTimeout(() => {
          setPhase({ name: 'verified' });
          handleVerified();
        }, EMAIL_VERIFY_DELAY_MS);
      },
      (error: unknown) => setPhase({ name: 'failed', reason: authErrorText(error) }),
    );
  }, [token]);

  return (
    <Box role="status" aria-live="polite" sx={{ textAlign: 'center', py: 2 }}>
      {phase.name === 'verifying' && (
        <>
          <CircularProgress size={40} thickness={4} sx={{ mb: 3 }} aria-hidden />
          <Typography variant="h2" component="h1">
            Verifying Email...
          </Typography>
        </>
      )}
      {phase.name === 'verified' && (
        <Outcome
          tone="success"
          icon={<CheckRoundedIcon />}
          title="Email verified successfully"
          text="Your account is ready."
          action={
            <ButtonLink to="/investors" size="large">
              Start browsing investors
            </ButtonLink>
          }
        />
      )}
      {phase.name === 'failed' && (
        <Outcome
          tone="error"
          icon={<ErrorOutlineRoundedIcon />}
          title="We could not verify your email"
          text={phase.reason}
          action={
            <ButtonLink to="/login" variant="secondary">
              Back to Login
            </ButtonLink>
          }
        />
      )}
    </Box>
  );
}

const TONE_BACKGROUND = { success: '#ecfdf5', error: '#fef2f2' } as const;

/** How verifying ended: an icon in the tone's colours, a heading, a line and what to do next. */
function Outcome({
  tone,
  icon,
  title,
  text,
  action,
}: {
  tone: keyof typeof TONE_BACKGROUND;
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <>
      <Avatar sx={{ bgcolor: TONE_BACKGROUND[tone], color: `${tone}.main`, width: 56, height: 56, mx: 'auto', mb: 3 }}>{icon}</Avatar>
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3 }}>
        {text}
      </Typography>
      {action}
    </>
  );
}
