import type { RoundFigure } from '@/shared/round-summary';

/** How long figures count as fresh: a visit after that reads them again (a stage changed on a list meanwhile). */
export const ROUND_STALE_MS = 30_000;

export interface RoundSummaryParams {
  /** One list, or null for all her investor lists. */
  listId: number | null;
  coldDays: number;
  tz: string;
}

export interface RoundRowsParams {
  listId: number;
  figure: RoundFigure;
  /** Only investors of this type (a group of the Response panel by type); all when absent. */
  type?: string;
  coldDays: number;
  tz: string;
}

/** A figure of all her lists, by list. */
export type RoundByListParams = Omit<RoundRowsParams, 'listId'>;

/**
 * Under ['round'], the key the round's progress (the startup feature's) is kept under: what refreshes that
 * after a change of the pipeline refreshes these too.
 */
export const roundKeys = {
  summary: (params: RoundSummaryParams) => ['round', 'summary', params] as const,
  rows: (params: RoundRowsParams) => ['round', 'rows', params] as const,
  byList: (params: RoundByListParams) => ['round', 'rows', 'by-list', params] as const,
};
