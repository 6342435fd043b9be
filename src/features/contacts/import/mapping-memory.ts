// The columns' mapping the founder chose, remembered for the next file with the same headers (this
// browser's localStorage, like the grids' preferences: a convenience, not data).
import { IMPORT_FIELDS, normaliseHeader, type ImportField } from './columns';

const PREFIX = 'fundscape.import-mapping.';

export const mappingKey = (headers: readonly string[]) => PREFIX + headers.map(normaliseHeader).join('|');

export function rememberedMapping(headers: readonly string[]): ImportField[] | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(mappingKey(headers)) ?? 'null');
    const valid =
      Array.isArray(stored) &&
      stored.length === headers.length &&
      stored.every((field) => (IMPORT_FIELDS as readonly unknown[]).includes(field));
    return valid ? (stored as ImportField[]) : null;
  } catch {
    return null;
  }
}

export function rememberMapping(headers: readonly string[], mapping: readonly ImportField[]): void {
  try {
    localStorage.setItem(mappingKey(headers), JSON.stringify(mapping));
  } catch {
    // Storage full or refused (private browsing): the next file is guessed again.
  }
}
