import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { readFoundAnswer } from './read-found-answer';

export interface Registration {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

/** POST /api/v1/auth/register: a 302 answer means the verification mail is sent. */
export async function register(body: Registration): Promise<void> {
  readFoundAnswer(await api.raw('/auth/register', { method: 'POST', body }));
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
