// Delimited text (CSV, semicolon CSV as European Excel writes it, tab-separated, cells pasted from a
// spreadsheet) as rows of cells, parsed by csv-parse: quoted cells may hold the delimiter, quotes and newlines.
import { parse } from 'csv-parse/browser/esm/sync';

export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** The first records' delimiter counts, outside quotes. */
function countsPerRecord(text: string, delimiter: Delimiter, records = 20): number[] {
  const counts: number[] = [];
  let count = 0;
  let quoted = false;
  for (let i = 0; i < text.length && counts.length < records; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === delimiter) count += 1;
    else if (char === '\n') {
      counts.push(count);
      count = 0;
    }
  }
  if (counts.length < records && count > 0) counts.push(count);
  return counts;
}

/**
 * The delimiter the header and the records agree on: the one found in the header that most of the first
 * records have as many of (a semicolon file's amounts may hold commas, a comma file's notes semicolons).
 */
export function detectDelimiter(text: string): Delimiter {
  let best: Delimiter = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const [header = 0, ...rest] = countsPerRecord(text, delimiter);
    if (header === 0) continue;
    const agreeing = rest.length === 0 ? 1 : rest.filter((count) => count === header).length / rest.length;
    const score = agreeing * 1000 + header;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/** Every record as its cells, as text (nothing is evaluated: "=HYPERLINK(…)" stays those characters). */
export function parseDelimited(text: string, delimiter: Delimiter = detectDelimiter(text)): string[][] {
  return parse(text, {
    delimiter,
    bom: true,
    relax_column_count: true,
    // A quote inside an unquoted cell (5" display, O"Brien typed by hand) is a character, not an error.
    relax_quotes: true,
    skip_empty_lines: false,
  });
}
