// An Excel workbook's sheets as rows of text cells, read by read-excel-file (maintained, no known
// advisories, its own small zip and XML readers). Not the registry's `xlsx` 0.18.5: it carries known
// advisories (prototype pollution, CVE-2023-30533; ReDoS, CVE-2024-22363) fixed only in SheetJS releases
// that are no longer published to npm. The web-worker entry reads in the calling thread, which is
// already our worker (its browser entry would start workers of its own).
import { unzipSync, zipSync } from 'fflate';
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

/**
 * The workbook's zip with its entries stored, not compressed. read-excel-file unzips with fflate's async unzip,
 * which inflates each entry over 512 KB (a big sheet's XML) in a Worker made from a blob: URL: the app's
 * Content-Security-Policy (worker-src 'self') refuses it, and fflate then waits for an answer forever.
 * Stored entries are copied, never inflated, so no worker is made; we are in a worker already.
 */
function storedZip(bytes: ArrayBuffer): ArrayBuffer {
  // Only the XML parts: pictures and the like are not read.
  const parts = unzipSync(new Uint8Array(bytes), { filter: (file) => /\.(xml|rels)$/.test(file.name) });
  const stored = zipSync(parts, { level: 0 });
  return stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength) as ArrayBuffer;
}

export async function readXlsx(bytes: ArrayBuffer): Promise<SheetCells[]> {
  // Numbers are kept as the text stored, never turned into floats and back.
  const sheets = await readWorkbook<string>(storedZip(bytes), { parseNumber: (text) => text });
  return sheets.map(({ sheet, data }) => ({ name: sheet, rows: data.map((row) => row.map(cellText)) }));
}
