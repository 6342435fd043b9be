import { useId, useState, type FormEvent } from 'react';
import { Box, Link, Stack, Typography } from '@mui/material';
import { showToast } from '@/lib/toasts';
import { AppButton } from '@/components/AppButton/AppButton';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { OTP_LENGTH } from '@/shared/constants';
import type { Tokens } from '@/shared/api-types';
import { authErrorText } from '../api/auth-error-text';
import { useVerifyOtp } from '../api/verify-otp';
import { AuthHeading } from './AuthHeading';
import { OtpInput } from './OtpInput';

export interface VerifyCodeFormProps {
  userId: number;
  email: string;
  /** Called with the session's tokens once the code is accepted. */
  onVerified: (tokens: Tokens) => void;
}

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => '');

/** Verify: the 6-character code mailed at login; fewer than 6 toast 'Please fill the OTP code'. */
export function VerifyCodeForm({ userId, email, onVerified }: VerifyCodeFormProps) {
  const verify = useVerifyOtp();
  const [code, setCode] = useState(emptyCode);
  const [serverError, setServerError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = code.join('');
    if (entered.length !== OTP_LENGTH) {
      showToast('Please fill the OTP code', { variant: 'error' });
      return;
    }
    setServerError(undefined);
    try {
      onVerified(await verify.mutateAsync({ user_id: userId, code: entered }));
    } catch (error) {
      setServerError(authErrorText(error));
      setCode(emptyCode());
      // A new key remounts the boxes so the first one takes focus for the next try.
      setAttempt((n) => n + 1);
    }
  };

  return (
    <Box>
      <AuthHeading title="Check your email">
        We sent a 6-digit code to{' '}
        <Box component="strong" sx={{ color: 'text.primary', fontWeight: 600, overflowWrap: 'anywhere' }}>
          {email}
        </Box>
        . Enter it below to log in.
      </AuthHeading>
      <form noValidate aria-label="Verify code" onSubmit={submit}>
        <Box id={errorId}>
          <FormAlert message={serverError} />
        </Box>
        <Stack spacing={3}>
          <OtpInput
            key={attempt}
            value={code}
            onChange={setCode}
            disabled={verify.isPending}
            autoFocus
            describedBy={serverError ? errorId : undefined}
          />
          <Typography variant="body2" color="text.secondary">
            Didn&apos;t receive the email?{' '}
            <Link component="button" type="button" variant="body2" sx={{ verticalAlign: 'baseline' }}>
              Click to resend
            </Link>
          </Typography>
          <AppButton type="submit" size="large" fullWidth loading={verify.isPending}>
            Continue
          </AppButton>
        </Stack>
      </form>
    </Box>
  );
}
