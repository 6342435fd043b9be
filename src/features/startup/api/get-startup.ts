import { useQuery } from '@tanstack/react-query';
import { apiGetQueryOptions } from '@/lib/api-get-query';
import { API, STARTUP_PATH } from '@/shared/api-paths';
import type { StartupProfile } from '@/shared/fit';

/** The founder's startup profile; every field null before the first save. */
export const STARTUP_KEY = ['startup'] as const;

export const startupQueryOptions = () => apiGetQueryOptions<StartupProfile, typeof STARTUP_KEY>(STARTUP_KEY, `${API}${STARTUP_PATH}`);

export function useStartup() {
  return useQuery(startupQueryOptions());
}
