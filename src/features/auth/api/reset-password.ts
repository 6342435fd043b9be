import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PasswordReset {
  token: string;
  new_password: string;
  confirm_password: string;
}

export async function resetPassword(body: PasswordReset): Promise<void> {
  await api('/auth/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
