import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { api } from '@/lib/api-client';
import { CAPTURE_API, type InboxAssign, type InboxMail } from '@/shared/capture';
import { captureKeys } from './capture-keys';

/**
 * GET /api/v1/capture/inbox: her mails no investor on her lists took part in, for 7 days. Mail arrives by
 * itself, so the answer is fresh for a minute, not the app's ten.
 */
export const inboxQueryOptions = () =>
  queryOptions({ queryKey: captureKeys.inbox, queryFn: () => api<InboxMail[]>(CAPTURE_API.inbox), staleTime: 60_000 });

export function useInbox() {
  return useQuery(inboxQueryOptions());
}

/** How often the sidebar's count asks again while the page is in view: the server sends no event when a mail lands. */
const INBOX_COUNT_REFRESH_MS = 60_000;

/**
 * How many mails wait in the Capture inbox (0 until known); asked after the page's first paint, which does not need it,
 * then again each time the founder comes back to the app (from the mail she just sent) and every minute while it is in
 * view (TanStack Query stops the interval while the tab is hidden).
 */
export function useInboxCount(): number {
  const painted = useAfterFirstPaint();
  return (
    useQuery({
      ...inboxQueryOptions(),
      select: (mails) => mails.length,
      enabled: painted,
      refetchOnWindowFocus: 'always',
      refetchInterval: INBOX_COUNT_REFRESH_MS,
    }).data ?? 0
  );
}

/** Takes a mail out of the cached inbox at once; the server's answer is fetched after. */
function useLeaveInbox(onDone?: QueryKey) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (_: unknown, { id }: { id: number }) =>
      queryClient.setQueryData<InboxMail[]>(captureKeys.inbox, (mails) => mails?.filter((mail) => mail.id !== id)),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: captureKeys.inbox });
      if (onDone) await queryClient.invalidateQueries({ queryKey: onDone });
    },
  };
}

/**
 * POST /{id}/assign: logs the mail on an investor's row (or on a new private contact made of one of its
 * participants); `listsKey` is refreshed after, as the row changed.
 */
export function useAssignMail(listsKey: QueryKey) {
  return useMutation({
    mutationFn: ({ id, assign }: { id: number; assign: InboxAssign }) =>
      api(`${CAPTURE_API.inbox}/${id}/assign`, { method: 'POST', body: { ...assign } }),
    ...useLeaveInbox(listsKey),
  });
}

/** DELETE /{id}: the mail leaves the inbox, logged nowhere. */
export function useDismissMail() {
  return useMutation({
    mutationFn: ({ id }: { id: number }) => api(`${CAPTURE_API.inbox}/${id}`, { method: 'DELETE' }),
    ...useLeaveInbox(),
  });
}
