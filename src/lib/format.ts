// Display formatting of catalogue values: '-' for missing ones, USD without decimals, en-US separators. Missing values arrive as the text 'NaN'.
import { groupThousands } from '@/shared/numbers';
import { MISSING } from '@/shared/vocabularies';

export const EMPTY = '-';

/** True for null, undefined, blank text, the text 'NaN' and the number NaN. */
export function isMissing(value: unknown): value is null | undefined | '' {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' || trimmed.toLowerCase() === MISSING.toLowerCase();
  }
  return false;
}

/** A number, or null when missing or not a number (amounts may arrive as text, "$1,500" or "NaN"). */
export function toNumber(value: unknown): number | null {
  if (isMissing(value)) return null;
  const number = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
  return Number.isFinite(number) ? number : null;
}

/** Text as is, '-' when missing. */
export function formatText(value: unknown): string {
  return isMissing(value) ? EMPTY : String(value).trim();
}

/** A phone number with exactly one leading '+', '-' when missing. */
export function formatPhone(value: unknown): string {
  if (isMissing(value)) return EMPTY;
  const digits = String(value).trim().replace(/^\+/, '').trim();
  return digits === '' ? EMPTY : `+${digits}`;
}

/** US dollars without decimals and with en-US separators: 1500000 → '$1,500,000'. */
export function formatUsd(value: unknown): string {
  const number = toNumber(value);
  return number === null ? EMPTY : groupThousands(number, '$');
}

/** A whole count with en-US thousands separators: 12500 → '12,500'. */
export function formatCount(value: unknown): string {
  const number = toNumber(value);
  return number === null ? EMPTY : groupThousands(number);
}

/** A count with its noun: '1 investor', '1,200 investors'. */
export function formatCountOf(count: number, noun: string): string {
  return `${groupThousands(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** The values of a list field without missing entries. */
export function presentValues(values: readonly unknown[] | null | undefined): string[] {
  return (values ?? []).filter((value) => !isMissing(value)).map((value) => String(value).trim());
}

/** Location parts joined with ', ', skipping empty and 'NaN' parts; '-' when none is left. */
export function formatLocation(...parts: unknown[]): string {
  const present = presentValues(parts);
  return present.length === 0 ? EMPTY : present.join(', ');
}

/** 'Check size range': '$100,000 - $2,000,000', one side alone when only one is known, '-' for none. */
export function formatRange(min: unknown, max: unknown): string {
  const low = formatUsd(min);
  const high = formatUsd(max);
  if (low === EMPTY && high === EMPTY) return EMPTY;
  if (high === EMPTY) return `from ${low}`;
  if (low === EMPTY) return `up to ${high}`;
  return `${low} - ${high}`;
}

/** A website as a link target: 'acme.vc' → 'https://acme.vc'; null when missing. */
export function websiteHref(value: unknown): string | null {
  if (isMissing(value)) return null;
  const text = String(value).trim();
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

/**
 * An e-mail address as a mailto: link target, each part percent-encoded: whatever an address holds (a ?, an &)
 * stays the address and never becomes a header of the mail (`?bcc=`).
 */
export function mailtoHref(email: string): string {
  return `mailto:${email.trim().split('@').map(encodeURIComponent).join('@')}`;
}

/** A website as shown: without scheme, 'www.' and trailing slash. */
export function formatWebsite(value: unknown): string {
  if (isMissing(value)) return EMPTY;
  return String(value)
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}

/** A person's name from its parts, skipping missing ones; '-' when nothing is left. */
export function formatName(...parts: unknown[]): string {
  const present = presentValues(parts);
  return present.length === 0 ? EMPTY : present.join(' ');
}

/**
 * How long ago a moment was, in the largest whole unit: 'just now', '5 minutes ago', '2 hours ago', '3 days ago';
 * `short`: '5 min ago', '2 h ago', '3 d ago' (a deck link's line).
 */
export function formatTimeAgo(iso: string, now = Date.now(), { short = false } = {}): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  const [n, unit, shortUnit] =
    minutes < 60 ? [minutes, 'minute', 'min'] : minutes < 24 * 60 ? [Math.floor(minutes / 60), 'hour', 'h'] : [Math.floor(minutes / (24 * 60)), 'day', 'd'];
  return short ? `${n} ${shortUnit} ago` : `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}
