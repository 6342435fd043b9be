import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Tokens } from '@/shared/api-types';

export interface OtpAttempt {
  user_id: number;
  code: string;
}

export function verifyOtp(body: OtpAttempt): Promise<Tokens> {
  return api<Tokens>('/auth/verify-otp', { method: 'POST', body });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
