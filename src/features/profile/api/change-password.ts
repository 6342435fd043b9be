import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ChangePasswordBody {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

export interface ChangePasswordAnswer {
  message: string;
}

export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordAnswer> {
  return api<ChangePasswordAnswer>('/auth/change-password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
