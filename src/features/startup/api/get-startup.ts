import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API, STARTUP_PATH } from '@/shared/api-paths';
import type { StartupProfile } from '@/shared/fit';

/** The founder's startup profile; every field null before the first save. */
export const STARTUP_KEY = ['startup'] as const;

export function getStartup(): Promise<StartupProfile> {
  return api<StartupProfile>(`${API}${STARTUP_PATH}`);
}

export const startupQueryOptions = () => queryOptions({ queryKey: STARTUP_KEY, queryFn: getStartup });

export function useStartup() {
  return useQuery(startupQueryOptions());
}
