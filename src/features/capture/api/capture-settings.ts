import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiGetQueryOptions } from '@/lib/api-get-query';
import { CAPTURE_API, type CaptureSettings } from '@/shared/capture';
import { captureKeys } from './capture-keys';

/** GET /api/v1/capture/settings. */
export const captureSettingsQueryOptions = () =>
  apiGetQueryOptions<CaptureSettings, typeof captureKeys.settings>(captureKeys.settings, CAPTURE_API.settings);

export function useCaptureSettings() {
  return useQuery(captureSettingsQueryOptions());
}

/** PATCH the setting; the answer replaces the cached one. */
export function useUpdateCaptureSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CaptureSettings) => api<CaptureSettings>(CAPTURE_API.settings, { method: 'PATCH', body: { ...settings } }),
    onSuccess: (settings) => queryClient.setQueryData(captureKeys.settings, settings),
    onError: () => queryClient.invalidateQueries({ queryKey: captureKeys.settings }),
  });
}
