import { api } from '@/lib/api-client';
import type { Tokens } from '@/shared/api-types';

/** POST /api/v1/auth/verify-email with the token from the mailed link; answers the session's tokens. */
export function verifyEmail(verificationId: string): Promise<Tokens> {
  return api<Tokens>('/auth/verify-email', { method: 'POST', body: { verification_id: verificationId } });
}
