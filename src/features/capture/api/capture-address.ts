import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiGetQueryOptions } from '@/lib/api-get-query';
import { CAPTURE_API, type CaptureAddress } from '@/shared/capture';
import { captureKeys } from './capture-keys';

/** GET /api/v1/capture/address: the account's private address (made on its first read). */
export const captureAddressQueryOptions = () => apiGetQueryOptions<CaptureAddress, typeof captureKeys.address>(captureKeys.address, CAPTURE_API.address);

export function useCaptureAddress() {
  return useQuery(captureAddressQueryOptions());
}

/** POST …/rotate: a new address, which replaces the cached one; mail to the old one is refused from then on. */
export function useRotateCaptureAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<CaptureAddress>(CAPTURE_API.rotate, { method: 'POST' }),
    onSuccess: (address) => queryClient.setQueryData(captureKeys.address, address),
  });
}
