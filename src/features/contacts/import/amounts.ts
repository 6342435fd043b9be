// Amounts as founders type them: "$1.5M", "500k", "1,000,000", "€250K", "2.5 mm", "1.000.000" (Europe).
// Taken at face value in whole dollars: a euro or pound amount is not converted (the pipeline holds one number).

export type Parsed<T> = { value: T } | { error: string };

const MULTIPLIERS: [RegExp, number][] = [
  [/^(k|thousand|tsd)$/, 1e3],
  [/^(m|mm|mn|mio|million|millions)$/, 1e6],
  [/^(b|bn|billion|billions)$/, 1e9],
];
const CURRENCY = /^(us\$|usd|eur|gbp|chf|cad|\$|€|£)|(us\$|usd|eur|gbp|chf|cad|\$|€|£)$/g;

/** A number written with thousands and decimal separators of either convention. */
function readNumber(digits: string, withMultiplier: boolean): number | null {
  const grouped = digits.replace(/[\s'’_]/g, '');
  if (!/^\d[\d.,]*$/.test(grouped) || /[.,]$/.test(grouped)) return null;
  const commas = grouped.split(',').length - 1;
  const dots = grouped.split('.').length - 1;
  let normalised: string;
  if (commas > 0 && dots > 0) {
    // Both: the last one is the decimal separator ("1,000,000.50", "1.000.000,50").
    const decimal = grouped.lastIndexOf(',') > grouped.lastIndexOf('.') ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    normalised = grouped.split(thousands).join('').replace(decimal, '.');
  } else if (commas + dots === 0) {
    normalised = grouped;
  } else {
    const separator = commas > 0 ? ',' : '.';
    const groups = grouped.split(separator);
    const thousands =
      groups.length > 2 ||
      // One separator before three digits: 1,000 or 1.000 is a thousand, unless a multiplier follows a dot (1.500M).
      (groups[1].length === 3 && !(withMultiplier && separator === '.'));
    if (thousands && !groups.slice(1).every((group) => group.length === 3)) return null;
    normalised = thousands ? groups.join('') : `${groups[0]}.${groups[1]}`;
  }
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

/** An amount cell as whole US dollars; null for an empty cell. */
export function parseAmount(text: string): Parsed<number> | null {
  const cell = text.trim();
  if (cell === '') return null;
  const bare = cell.toLowerCase().replace(CURRENCY, '').trim();
  const match = /^([\d\s.,'’_]*\d)\s*([a-z]*)\.?$/.exec(bare);
  const multiplier = match && (match[2] === '' ? 1 : MULTIPLIERS.find(([word]) => word.test(match[2]))?.[1]);
  const number = match && multiplier ? readNumber(match[1], match[2] !== '') : null;
  if (number === null || !multiplier) return { error: `“${cell}” is not an amount` };
  const dollars = Math.round(number * multiplier);
  if (!Number.isSafeInteger(dollars)) return { error: `“${cell}” is too large an amount` };
  return { value: dollars };
}
