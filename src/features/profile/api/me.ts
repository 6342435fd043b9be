import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@/shared/api-types';

export const meQueryKey = ['auth', 'me'] as const;

export function getMe(): Promise<User> {
  return api<User>('/auth/me');
}

/** The logged-in user (GET /api/v1/auth/me); the app layout loads it before anything renders. */
export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe });
}

export function useMe(): User {
  return useSuspenseQuery(meQueryOptions()).data;
}
