// Dates as spreadsheets hold them: ISO (2026-03-12), US (03/12/2026), European (12/03/2026, 12.03.2026),
// "12 Mar 2026", "March 12, 2026". A slash date with both parts at most 12 reads either way: the file's
// other dates decide (13/04/2026 is day first), else the founder is asked once.
import type { Parsed } from './amounts';

/** Which part of a slash date comes first. */
export type DateOrder = 'month_first' | 'day_first';

export const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  month_first: 'Month first (US)',
  day_first: 'Day first (Europe)',
};

const MONTHS_FULL = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTHS = MONTHS_FULL.map((month) => month.slice(0, 3));
const SLASHED = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})$/;
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/;
const ISO = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[t ][\d:.]+(?:z|[+-]\d{2}:?\d{2})?)?$/;
const DAY_MONTH_NAME = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]+)\.?,?[\s-]+(\d{4})$/;
const MONTH_NAME_DAY = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/;

function monthNumber(name: string): number | null {
  const index = MONTHS.indexOf(name.slice(0, 3));
  // "Mar", "March", "Sept" name a month; "Marvel" does not.
  return index >= 0 && (name.length <= 4 || MONTHS_FULL[index].startsWith(name)) ? index + 1 : null;
}

const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));

function isoDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCFullYear() !== year) return null;
  return date.toISOString().slice(0, 10);
}

/** A slash or dash date's two leading numbers, if the cell is one. */
function slashParts(cell: string): [number, number] | null {
  const match = SLASHED.exec(cell.trim());
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/**
 * The file's slash-date order: decided by a date only one order can read (13/04/2026: day first), else
 * null when there are slash dates that read either way (ask), or when there are none (nothing to decide).
 */
export function slashDateOrder(cells: readonly string[]): { order: DateOrder | null; ambiguous: boolean } {
  let dayFirst = 0;
  let monthFirst = 0;
  let either = 0;
  for (const cell of cells) {
    const parts = slashParts(cell);
    if (!parts) continue;
    const [a, b] = parts;
    if (a > 12 && b <= 12) dayFirst += 1;
    else if (b > 12 && a <= 12) monthFirst += 1;
    else if (a <= 12 && b <= 12) either += 1;
  }
  if (dayFirst + monthFirst > 0) return { order: dayFirst >= monthFirst ? 'day_first' : 'month_first', ambiguous: false };
  return { order: null, ambiguous: either > 0 };
}

/** A date cell as YYYY-MM-DD; null for an empty cell. `order` reads slash dates (month first when not given). */
export function parseDate(text: string, order: DateOrder | null): Parsed<string> | null {
  const cell = text.trim();
  if (cell === '') return null;
  const lower = cell.toLowerCase().replace(/\s+/g, ' ');
  let day: string | null = null;
  let match: RegExpExecArray | null;
  if ((match = ISO.exec(lower))) day = isoDay(Number(match[1]), Number(match[2]), Number(match[3]));
  else if ((match = SLASHED.exec(lower))) {
    const [first, second] = [Number(match[1]), Number(match[2])];
    day = order === 'day_first' ? isoDay(fullYear(match[3]), second, first) : isoDay(fullYear(match[3]), first, second);
  } else if ((match = DOTTED.exec(lower))) day = isoDay(fullYear(match[3]), Number(match[2]), Number(match[1]));
  else if ((match = DAY_MONTH_NAME.exec(lower))) {
    const month = monthNumber(match[2]);
    day = month === null ? null : isoDay(Number(match[3]), month, Number(match[1]));
  } else if ((match = MONTH_NAME_DAY.exec(lower))) {
    const month = monthNumber(match[1]);
    day = month === null ? null : isoDay(Number(match[3]), month, Number(match[2]));
  }
  return day ? { value: day } : { error: `“${cell}” is not a date` };
}
