import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@/shared/api-types';
import { meQueryKey } from './me';

export interface PersonalInformation {
  first_name: string;
  last_name: string;
}

export function updateMe(body: PersonalInformation): Promise<User> {
  return api<User>('/auth/me', { method: 'PUT', body });
}

/**
 * PUT /api/v1/auth/me. The answer replaces the cached user, so the sidebar shows the new name at
 * once; the refetch after it also refreshes every saved copy (the offline store keeps fetched answers).
 */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: async (user) => {
      queryClient.setQueryData(meQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
