// What the wizard works on once a file is read: the header's cells and the data rows, each row with the
// number the founder sees in her spreadsheet (the header is row 1), empty rows dropped.
import { IMPORT_MAX_ROWS } from '@/shared/imports';

export interface TableRow {
  /** The spreadsheet's row number: the header is 1, so the first data row is 2 (empty rows still count). */
  line: number;
  cells: string[];
}

export interface SheetTable {
  headers: string[];
  rows: TableRow[];
}

/** The widest table read: a founder's export has a few dozen columns at most. */
export const IMPORT_MAX_COLUMNS = 200;

export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

const isEmpty = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The first non-empty row is the header; later rows with nothing in them are dropped; every row is as
 * wide as the widest (a short row's missing cells are empty). Columns with neither a header nor a value go.
 */
export function toSheetTable(records: readonly string[][]): SheetTable {
  const headerIndex = records.findIndex((cells) => !isEmpty(cells));
  if (headerIndex === -1) throw new ImportFileError('The file has no rows.');
  const rows: TableRow[] = [];
  for (let index = headerIndex + 1; index < records.length; index += 1) {
    if (!isEmpty(records[index])) rows.push({ line: index + 1, cells: records[index].map((cell) => cell.trim()) });
  }
  if (rows.length === 0) throw new ImportFileError('The file has a header row but no rows under it.');
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new ImportFileError(
      `The file has ${rows.length.toLocaleString('en-US')} rows; at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} can be imported at once. Split it and import each part.`,
    );
  }
  const headers = records[headerIndex].map((cell) => cell.trim());
  const width = rows.reduce((widest, row) => Math.max(widest, row.cells.length), headers.length);
  if (width > IMPORT_MAX_COLUMNS) {
    throw new ImportFileError(
      `The file has ${width.toLocaleString('en-US')} columns; at most ${IMPORT_MAX_COLUMNS} can be read. Remove the columns you do not need and choose it again.`,
    );
  }
  const kept = Array.from({ length: width }, (_, column) => column).filter(
    (column) => (headers[column] ?? '') !== '' || rows.some((row) => (row.cells[column] ?? '') !== ''),
  );
  return {
    headers: kept.map((column, position) => headers[column] || `Column ${position + 1}`),
    rows: rows.map((row) => ({ line: row.line, cells: kept.map((column) => row.cells[column] ?? '') })),
  };
}
