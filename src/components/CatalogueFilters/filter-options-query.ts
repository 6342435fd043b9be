import type { UseQueryOptions } from '@tanstack/react-query';
import type { OptionItem } from '@/shared/api-types';

/** The query that lists one filter's options (the feature's GET /api/v1/filters/… call). */
export type FilterOptionsQuery<L extends string> = (filter: L) => UseQueryOptions<OptionItem[], Error, OptionItem[], string[]>;
