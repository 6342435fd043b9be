import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { apiErrorDetail } from '@/lib/api-client';

export interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** Drawn while it loads (a skeleton of what comes). */
  loading: ReactNode;
  /** The error's text when the server gave no detail. */
  failed: string;
  /** Drawn instead of `children` when the data is an empty array. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** A query's data as `children` draws it, or what stands in for it: its loading, its error, nothing there. */
export function QueryView<T>({ query, loading, failed, empty, children }: QueryViewProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) return <Alert severity="error">{apiErrorDetail(query.error) ?? failed}</Alert>;
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) return empty;
  return children(query.data);
}
