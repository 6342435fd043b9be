// How the pipeline's values read on screen and in the CSV.
import { EMPTY, formatUsd } from '@/lib/format';
import { daysBetween } from '@/shared/days';
import { PIPELINE_STAGE_LABELS, type Pipeline } from '@/shared/pipeline';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-24' → 'Nov 24, 2026' (a calendar date: no time zone applies). */
export function formatFollowUp(date: string | null): string {
  const match = date === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return EMPTY;
  return `${MONTHS[Number(match[2]) - 1]} ${Number(match[3])}, ${match[1]}`;
}

export const stageLabel = (pipeline: Pipeline) => PIPELINE_STAGE_LABELS[pipeline.stage];

export const formatAmount = (pipeline: Pipeline) => (pipeline.amount === null ? EMPTY : formatUsd(pipeline.amount));

/** A day as YYYY-MM-DD on this device: what "today" means to the founder, wherever the server is. */
export function localDate(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day a note was written, YYYY-MM-DD on this device. */
export const noteDay = (createdAt: string) => localDate(new Date(createdAt));

/** The day of a change, in this device's time zone: 'Nov 24, 2026'. */
export const formatChangeDay = (iso: string) => formatFollowUp(localDate(new Date(iso)));

/** Whole days from one day (YYYY-MM-DD) to a later one, whatever the clocks changed in between. */
/**
 * When a row was last contacted, as the founder counts days on this device: 'Today', 'Yesterday', '3 days ago'
 * within a week, then the day ('Nov 24, 2026'); EMPTY when never.
 */
export function formatLastContacted(iso: string | null, now = new Date()): string {
  if (iso === null || Number.isNaN(Date.parse(iso))) return EMPTY;
  const day = localDate(new Date(iso));
  const days = daysBetween(day, localDate(now));
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return formatFollowUp(day);
}
