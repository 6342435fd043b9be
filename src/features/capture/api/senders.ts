import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiGetQueryOptions } from '@/lib/api-get-query';
import { CAPTURE_API, type SenderAddress } from '@/shared/capture';
import { captureKeys } from './capture-keys';

/** GET /api/v1/capture/senders: the log-in address first, then those she added (verified or waiting for the link). */
export const sendersQueryOptions = () => apiGetQueryOptions<SenderAddress[], typeof captureKeys.senders>(captureKeys.senders, CAPTURE_API.senders);

/** While an address waits for its link, asked again every few seconds: the link is often opened on another device. */
const PENDING_POLL_MS = 5000;

export function useSenders() {
  return useQuery({
    ...sendersQueryOptions(),
    refetchInterval: (query) => (query.state.data?.some((sender) => !sender.verified) ? PENDING_POLL_MS : false),
  });
}

/** POST {email}: adds an address and mails it a link to verify it. */
export function useAddSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<SenderAddress>(CAPTURE_API.senders, { method: 'POST', body: { email } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: captureKeys.senders }),
  });
}

/** DELETE /{id}: mail from the address is no longer logged. */
export function useRemoveSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`${CAPTURE_API.senders}/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: captureKeys.senders }),
  });
}

/** POST {token} from the mailed link; answers the address now verified. */
export function verifySender(token: string): Promise<SenderAddress> {
  return api<SenderAddress>(CAPTURE_API.verifySender, { method: 'POST', body: { token } });
}
