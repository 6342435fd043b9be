import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from './api-client';

/** The query options of a GET call whose answer is kept under one fixed key (the lists, the startup profile…). */
export function apiGetQueryOptions<T, K extends QueryKey>(queryKey: K, path: string) {
  return queryOptions({ queryKey, queryFn: () => api<T>(path) });
}
