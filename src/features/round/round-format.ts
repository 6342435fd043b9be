// How the Round page writes its figures: shares, days, weeks and the time the figures were computed.
// Written out rather than with Intl formatters, which cost a phone tens of milliseconds to build.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A share 0–1 as a whole percentage; '-' when there is none. */
export const formatShare = (share: number | null) => (share === null ? '-' : `${Math.round(share * 100)}%`);

/** A number of days: '1 day', '12 days'; '-' when there is none. */
export const formatDays = (days: number | null) => (days === null ? '-' : `${days} ${days === 1 ? 'day' : 'days'}`);

/** A week's Monday, YYYY-MM-DD, as a short label: 'Nov 23'. */
export function weekLabel(week: string): string {
  const [, month, day] = week.split('-').map(Number);
  return `${MONTHS[month - 1]} ${day}`;
}

/** A date, YYYY-MM-DD, with its year: 'Nov 23, 2026'. */
export function dayLabel(day: string): string {
  return `${weekLabel(day)}, ${day.slice(0, 4)}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** When the figures were computed, in local time: '09:05' today, 'Nov 23, 09:05' another day. */
export function asOfLabel(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? time : `${MONTHS[at.getMonth()]} ${at.getDate()}, ${time}`;
}

/** Dollars in a chart's axis, short: '$950', '$25k', '$1.5M'. */
export function compactUsd(dollars: number): string {
  const short = (value: number, unit: string) => `$${String(Math.round(value * 10) / 10)}${unit}`;
  if (Math.abs(dollars) >= 1_000_000) return short(dollars / 1_000_000, 'M');
  if (Math.abs(dollars) >= 1_000) return short(dollars / 1_000, 'k');
  return `$${Math.round(dollars)}`;
}
