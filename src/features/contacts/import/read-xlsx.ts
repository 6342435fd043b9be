// An Excel workbook's sheets as rows of text cells, read by read-excel-file (maintained, no known
// advisories, its own small zip and XML readers). Not the registry's `xlsx` 0.18.5: it carries known
// advisories (prototype pollution, CVE-2023-30533; ReDoS, CVE-2024-22363) fixed only in SheetJS releases
// that are no longer published to npm. The web-worker entry reads in the calling thread, which is
// already our worker (its browser entry would start workers of its own).
import { strFromU8, unzipSync, zipSync, type Unzipped } from 'fflate';
import readWorkbook from 'read-excel-file/web-worker';
import type { CellValue } from 'read-excel-file/web-worker';
import { IMPORT_MAX_ROWS } from '@/shared/imports';
import { IMPORT_MAX_COLUMNS, ImportFileError } from './sheet-table';

/**
 * What a workbook's XML may inflate to in all: a sheet of IMPORT_MAX_ROWS rows and IMPORT_MAX_COLUMNS columns
 * is about this much. A zip bomb (a few kilobytes that inflate to gigabytes) is refused by the sizes its central
 * directory declares, before anything is inflated; an entry that lies about its size is inflated into a buffer of
 * the size declared, never more (fflate's unzipSync).
 */
export const XLSX_INFLATED_MAX_BYTES = 50 * 1024 * 1024;
/** Cells a sheet's rows may span (its last row of values times its last column), empty ones filled in included. */
const SHEET_CELLS_MAX = 2 * IMPORT_MAX_ROWS * IMPORT_MAX_COLUMNS;
const MEGABYTES = XLSX_INFLATED_MAX_BYTES / (1024 * 1024);

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
function storedZip(parts: Unzipped): ArrayBuffer {
  const stored = zipSync(parts, { level: 0 });
  return stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength) as ArrayBuffer;
}

/** Only the XML parts are read (pictures and the like are not), once their sizes in all are known to be sane. */
function xmlParts(bytes: Uint8Array): Unzipped {
  const isXml = (name: string) => /\.(xml|rels)$/.test(name);
  let declared = 0;
  unzipSync(bytes, {
    filter: (file) => {
      if (isXml(file.name)) declared += file.originalSize;
      return false;
    },
  });
  if (declared > XLSX_INFLATED_MAX_BYTES) {
    throw new ImportFileError(
      `This workbook unpacks to ${(declared / (1024 * 1024)).toFixed(0)} MB; at most ${MEGABYTES} MB can be read. Save the sheet you need as CSV, or as a workbook of its own, and choose it again.`,
    );
  }
  return unzipSync(bytes, { filter: (file) => isXml(file.name) });
}

/** Column A is 1, Z 26, AA 27. */
const columnNumber = (letters: string) => [...letters].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0);

/**
 * Each sheet's cells holding a value (`<c r="…">…</c>`, not an empty `<c r="…"/>`), checked before the workbook is
 * read: its reader fills the rectangle up to the last row and column with a value, so one cell in column XFD or row
 * 1,048,576 would make millions of empty ones.
 */
function checkSheetSizes(parts: Unzipped): void {
  for (const [name, xml] of Object.entries(parts)) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(name)) continue;
    let [rows, columns] = [0, 0];
    for (const [, letters, row, empty] of strFromU8(xml).matchAll(/<c\b[^>]*?\br="([A-Z]{1,3})(\d+)"[^>]*?(\/)?>/g)) {
      if (empty) continue;
      columns = Math.max(columns, columnNumber(letters));
      rows = Math.max(rows, Number(row));
    }
    if (columns > IMPORT_MAX_COLUMNS) {
      throw new ImportFileError(
        `A sheet of this workbook has values in ${columns.toLocaleString('en-US')} columns; at most ${IMPORT_MAX_COLUMNS} can be read. Remove the columns you do not need and choose it again.`,
      );
    }
    if (rows * columns > SHEET_CELLS_MAX) {
      throw new ImportFileError(
        `A sheet of this workbook has values down to row ${rows.toLocaleString('en-US')}; at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows can be imported at once. Split it and import each part.`,
      );
    }
  }
}

export async function readXlsx(bytes: ArrayBuffer): Promise<SheetCells[]> {
  // Numbers are kept as the text stored, never turned into floats and back.
  const parts = xmlParts(new Uint8Array(bytes));
  checkSheetSizes(parts);
  const sheets = await readWorkbook<string>(storedZip(parts), { parseNumber: (text) => text });
  return sheets.map(({ sheet, data }) => ({ name: sheet, rows: data.map((row) => row.map(cellText)) }));
}
