// Who a list is shared with (owner only): its members and pending invitations, inviting, changing a
// role, revoking an invitation and removing a member. Online only: sharing is decided by the server.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  listInvitationPath,
  listMemberPath,
  listMembersPath,
  type InviteInput,
  type ListInvitation,
  type ListMember,
  type ListMembers,
  type MemberRole,
} from '@/shared/teams';
import type { ListKeys } from './list-keys';

export const membersQueryOptions = (listKeys: ListKeys, listId: number) =>
  queryOptions({
    queryKey: [...listKeys.all, listId, 'members'],
    queryFn: () => api<ListMembers>(listMembersPath(listId)),
  });

export function useMembers(listKeys: ListKeys, listId: number) {
  return useQuery(membersQueryOptions(listKeys, listId));
}

/** Each change to who a list is shared with refreshes its members once it is done. */
function useMembersMutation<V, T>(listKeys: ListKeys, listId: number, mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions(listKeys, listId).queryKey }),
  });
}

export function useInvite(listKeys: ListKeys, listId: number) {
  return useMembersMutation(listKeys, listId, (body: InviteInput) =>
    api<ListInvitation>(listMembersPath(listId), { method: 'POST', body }),
  );
}

export function useChangeRole(listKeys: ListKeys, listId: number) {
  return useMembersMutation(listKeys, listId, ({ userId, role }: { userId: number; role: MemberRole }) =>
    api<ListMember>(listMemberPath(listId, userId), { method: 'PATCH', body: { role } }),
  );
}

export function useRemoveMember(listKeys: ListKeys, listId: number) {
  return useMembersMutation(listKeys, listId, (userId: number) => api(listMemberPath(listId, userId), { method: 'DELETE' }));
}

export function useRevokeInvitation(listKeys: ListKeys, listId: number) {
  return useMembersMutation(listKeys, listId, (invitationId: number) =>
    api(listInvitationPath(listId, invitationId), { method: 'DELETE' }),
  );
}
