// An Excel workbook's sheets as rows of text cells, read by read-excel-file (maintained, no known
// advisories, its own small zip and XML readers). Not the registry's `xlsx` 0.18.5: it carries known
// advisories (prototype pollution, CVE-2023-30533; ReDoS, CVE-2024-22363) fixed only in SheetJS releases
// that are no longer published to npm. The web-worker entry reads in the calling thread, which is
// already our worker (its browser entry would start workers of its own).
import readWorkbook from 'read-excel-file/web-worker';
import type { CellValue } from 'read-excel-file/web-worker';

export interface SheetCells {
  name: string;
  rows: string[][];
}

/** A cell as the founder sees it: numbers as written (1500000, not 1.5e6), dates as YYYY-MM-DD. */
function cellText(value: CellValue<string> | null): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

export async function readXlsx(bytes: ArrayBuffer): Promise<SheetCells[]> {
  // Numbers are kept as the text stored, never turned into floats and back.
  const sheets = await readWorkbook<string>(bytes, { parseNumber: (text) => text });
  return sheets.map(({ sheet, data }) => ({ name: sheet, rows: data.map((row) => row.map(cellText)) }));
}
