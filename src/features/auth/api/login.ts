import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LoginCodeSent } from '@/shared/api-types';
import { readFoundAnswer, UnexpectedAnswerError } from './read-found-answer';

export interface Credentials {
  email: string;
  password: string;
}

/** POST /api/v1/auth/login: a 302 answer means the 6-digit code is on its way. */
export async function login(body: Credentials): Promise<LoginCodeSent> {
  const response = await api.raw<LoginCodeSent>('/auth/login', { method: 'POST', body });
  const sent = readFoundAnswer(response);
  if (typeof sent?.user_id !== 'number') throw new UnexpectedAnswerError('no user id');
  return sent;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
