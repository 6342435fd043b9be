// The invitation page's calls: what an invitation offers (no log-in needed) and accepting it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListSummary } from '@/shared/api-types';
import { acceptInvitationPath, invitationPath, type InvitationPreview } from '@/shared/teams';
import type { ListKeys } from './list-keys';

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => api<InvitationPreview>(invitationPath(token)),
    // A used or withdrawn invitation answers an error that asking again will not change.
    retry: false,
  });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

/** Accepts as the logged-in user; the lists are refreshed so the sidebar shows the new one. */
export function useAcceptInvitation(listKeys: ListKeys, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ListSummary>(acceptInvitationPath(token), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.all, exact: true }),
  });
}
