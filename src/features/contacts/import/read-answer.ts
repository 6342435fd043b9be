import type { ReadSpreadsheet } from './read-spreadsheet';
import { ImportFileError } from './sheet-table';

/** What reading a file answers: the tables, or a message for the founder. */
export type ReadAnswer = { ok: true; result: ReadSpreadsheet } | { ok: false; message: string };

export function readFailure(error: unknown): string {
  return error instanceof ImportFileError ? error.message : 'This file could not be read. Save it as CSV or .xlsx and try again.';
}
