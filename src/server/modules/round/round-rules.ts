// The Round page's counting rules that need no database: calendar days and Mondays in a founder's time zone, the
// funnel from each row's furthest stage, and the cold rule's cut-off. The SQL (round-facts.ts) finds each row's
// facts; these turn them into the figures.
import { addDays } from '../../../shared/days.js';
import { FUNNEL_STAGES, type FunnelStage, type RoundFunnelStage, type RoundWeek } from '../../../shared/round-summary.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The weeks the committed chart shows at most (the latest). */
export const ROUND_WEEKS_MAX = 104;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter of the instant's local date and time in `tz`; throws a RangeError for a zone the runtime lacks. Kept by
 * the zone's canonical name only, so spellings of one zone in every case ('utc', 'uTc', …) add nothing.
 */
function formatterFor(tz: string): Intl.DateTimeFormat {
  const kept = formatters.get(tz);
  if (kept) return kept;
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const canonical = formatter.resolvedOptions().timeZone;
  if (!formatters.has(canonical)) formatters.set(canonical, formatter);
  return formatter;
}

/** The zone's canonical name (as the runtime's time-zone data spells it), or null when it knows no such zone. */
export function canonicalTimeZone(tz: string): string | null {
  try {
    return formatterFor(tz).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The wall-clock fields of an instant in `tz`. */
function wallClock(at: number, tz: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(tz).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day (YYYY-MM-DD) an instant falls on in `tz`. */
export function dayIn(at: Date | number, tz: string): string {
  const { year, month, day } = wallClock(+at, tz);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** How far `tz`'s wall clock is ahead of UTC at the instant, in ms. */
function offsetAt(at: number, tz: string): number {
  const w = wallClock(at, tz);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/**
 * The first instant of a calendar day in `tz`: its local midnight, or where a daylight-saving jump skips midnight
 * (clocks going from 23:59:59 to 01:00) the jump itself.
 */
export function startOfDay(day: string, tz: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let at = midnightUtc - offsetAt(midnightUtc, tz);
  at = midnightUtc - offsetAt(at, tz);
  if (dayIn(at, tz) === day && dayIn(at - 1, tz) < day) return at;
  // Midnight does not exist that day: the day begins at the jump, found to the second between two bounds that
  // lie before the day and in it whatever the zone's offset (all offsets are within ±14 h).
  let before = midnightUtc - 15 * 3_600_000;
  let inDay = midnightUtc + 15 * 3_600_000;
  while (inDay - before > 1000) {
    const mid = before + Math.floor((inDay - before) / 2000) * 1000;
    if (dayIn(mid, tz) < day) before = mid;
    else inDay = mid;
  }
  return inDay;
}

/** The Monday of the week holding `day` (YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The latest `count` weeks up to the one holding `now` in `tz`: each Monday, and the instant that week begins. */
export function latestWeeks(now: Date, tz: string, count = ROUND_WEEKS_MAX): Array<{ week: string; startsAt: number }> {
  const thisMonday = mondayOf(dayIn(now, tz));
  return Array.from({ length: count }, (_, i) => {
    const week = addDays(thisMonday, 7 * (i - count + 1));
    return { week, startsAt: startOfDay(week, tz) };
  });
}

/**
 * The committed chart: `weeks` (latestWeeks), and how much each week changed the two sums (`changes[i]` for
 * weeks[i-1]; `changes[0]` everything before the first week), summed up to the end of each week, from the week of
 * the first row's addition (`firstAddedAt`; none: no weeks) on.
 */
export function weeklySums(
  weeks: Array<{ week: string; startsAt: number }>,
  changes: ReadonlyMap<number, { term_sheet: number; committed: number }>,
  firstAddedAt: number | null,
): RoundWeek[] {
  if (firstAddedAt === null) return [];
  const series: RoundWeek[] = [];
  let termSheet = changes.get(0)?.term_sheet ?? 0;
  let committed = changes.get(0)?.committed ?? 0;
  weeks.forEach(({ week }, i) => {
    termSheet += changes.get(i + 1)?.term_sheet ?? 0;
    committed += changes.get(i + 1)?.committed ?? 0;
    const ends = weeks[i + 1]?.startsAt ?? Infinity;
    if (ends > firstAddedAt) series.push({ week, term_sheet: termSheet, committed });
  });
  return series;
}

/**
 * The funnel from how many rows got furthest to each stage (`furthest[i]`: rows whose furthest funnel stage is
 * FUNNEL_STAGES[i]): a row counts for every stage up to its furthest; conversion is reached(next) / reached(this).
 */
export function funnelStages(furthest: readonly number[]): RoundFunnelStage[] {
  const reached = FUNNEL_STAGES.map((_, i) => furthest.slice(i).reduce((sum, n) => sum + n, 0));
  return FUNNEL_STAGES.map((stage, i) => ({
    stage,
    reached: reached[i],
    conversion: i === FUNNEL_STAGES.length - 1 || reached[i] === 0 ? null : reached[i + 1] / reached[i],
  }));
}

/** Rows passed, by the furthest stage they reached before passing (`passedAt[i]` at FUNNEL_STAGES[i]), zeros kept. */
export function passedStages(passedAt: readonly number[]): Array<{ stage: FunnelStage; count: number }> {
  return FUNNEL_STAGES.map((stage, i) => ({ stage, count: passedAt[i] ?? 0 }));
}

/** A row in an active stage is going cold when its last touch is at or before this instant: `coldDays` whole days ago. */
export function coldSince(now: Date, coldDays: number): Date {
  return new Date(now.getTime() - coldDays * DAY_MS);
}

/** Whole days from one instant to a later one (24 hours each, as the cold rule counts them). */
export function wholeDaysSince(at: number, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - at) / DAY_MS));
}
