// What the Round page and the list page say of a figure (RoundFigure): its name, the chip over a list
// filtered by it, and the search params that carry it. Pure, so both the page and the tests read it.
import {
  AMOUNT_STAGES,
  COLD_DAYS_DEFAULT,
  COLD_DAYS_MAX,
  COLD_DAYS_MIN,
  FUNNEL_STAGES,
  INVESTOR_TYPE_MAX,
  type FunnelStage,
  type RoundFigure,
} from '@/shared/round-summary';
import { PIPELINE_STAGE_LABELS } from '@/shared/pipeline';
import { groupThousands } from '@/shared/numbers';

const PLAIN_FIGURES = { contacted: 'Contacted', answered: 'Answered', cold: 'Going cold', overdue: 'Follow-up overdue', engaged: 'Engaged this week' } as const;

const isFunnelStage = (value: string): value is FunnelStage => (FUNNEL_STAGES as readonly string[]).includes(value);

/** A figure as the URL carries it, or undefined for anything else. */
export function roundFigure(value: unknown): RoundFigure | undefined {
  if (typeof value !== 'string') return undefined;
  if (value in PLAIN_FIGURES) return value as RoundFigure;
  const [kind, stage, ...rest] = value.split(':');
  if (stage === undefined || rest.length > 0) return undefined;
  const known = kind === 'at' ? (AMOUNT_STAGES as readonly string[]).includes(stage) : (kind === 'reached' || kind === 'passed') && isFunnelStage(stage);
  return known ? (value as RoundFigure) : undefined;
}

/** What the rows behind a figure are: "Reached Meeting", "Passed at Term sheet", "Now at Committed", "Going cold". */
export function figureLabel(figure: RoundFigure): string {
  if (figure in PLAIN_FIGURES) return PLAIN_FIGURES[figure as keyof typeof PLAIN_FIGURES];
  const [kind, stage] = figure.split(':') as ['reached' | 'passed' | 'at', FunnelStage];
  const label = PIPELINE_STAGE_LABELS[stage];
  return kind === 'reached' ? `Reached ${label}` : kind === 'passed' ? `Passed at ${label}` : `Now at ${label}`;
}

/** A count of rows: '1 row', '12 rows'. */
export const rowCount = (count: number) => `${groupThousands(count)} ${count === 1 ? 'row' : 'rows'}`;

/** A figure, and the investor type it is of when it is one group's: "Contacted", "Contacted · Angel". */
export const figureOfTypeLabel = (figure: RoundFigure, type?: string) => (type === undefined ? figureLabel(figure) : `${figureLabel(figure)} · ${type}`);

/** The chip over a list filtered by a figure: "Reached Meeting · 12 rows", "Contacted · Angel · 3 rows". */
export const figureChipText = (figure: RoundFigure, count: number, type?: string) => `${figureOfTypeLabel(figure, type)} · ${rowCount(count)}`;

/** An investor type from the URL (?type=, with a figure): non-empty text the server takes, else undefined. */
export function investorTypeParam(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= INVESTOR_TYPE_MAX ? value : undefined;
}

/** `cold_days` from the URL: a whole number of days in range, else undefined (the default, kept out of the URL). */
export function coldDaysParam(value: unknown): number | undefined {
  const days = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(days) && days >= COLD_DAYS_MIN && days <= COLD_DAYS_MAX && days !== COLD_DAYS_DEFAULT ? days : undefined;
}

/**
 * The search params of a list page filtered by a figure (of one investor type's rows, with `type`): `cold_days` only
 * where the figure depends on it.
 */
export function figureSearch(figure: RoundFigure, coldDays: number, type?: string): { figure: RoundFigure; type?: string; cold_days?: number } {
  return {
    figure,
    ...(type === undefined ? {} : { type }),
    ...(figure === 'cold' && coldDays !== COLD_DAYS_DEFAULT ? { cold_days: coldDays } : {}),
  };
}

/** The browser's time zone, for weeks and "today" as the founder counts them. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** One list's share of a figure of all her lists. */
export interface ListShare {
  id: number;
  name: string;
  count: number;
}

/**
 * A figure of all her lists, by list: the lists with rows behind it, most first (then by name); `counts` holds
 * each list's count once read (undefined while not).
 */
export function breakdownByList(lists: readonly { id: number; name: string }[], counts: readonly (number | undefined)[]): ListShare[] {
  return lists
    .map((list, index) => ({ id: list.id, name: list.name, count: counts[index] ?? 0 }))
    .filter((share) => share.count > 0)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}
