// Parsing of URL search params for validateSearch: whatever a shared link carries, the app gets
// well-formed values or nothing, never an exception.

/** A non-empty list of distinct non-empty strings, or undefined. A single string counts as a list of one. */
export function stringList(value: unknown): string[] | undefined {
  const raw = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const strings = raw
    .filter((item): item is string | number => typeof item === 'string' || typeof item === 'number')
    .map((item) => String(item).trim())
    .filter((item) => item !== '');
  const distinct = [...new Set(strings)];
  return distinct.length > 0 ? distinct : undefined;
}

/** A trimmed non-empty string, or undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A 1-based page number; page 1 and anything invalid are undefined, so the URL stays clean. */
export function pageNumber(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(number) && number > 1 ? number : undefined;
}
