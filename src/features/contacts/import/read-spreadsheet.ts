// A chosen file or pasted cells, read into tables: the work the import worker does off the page's thread.
import { decodeText, type TextEncodingName } from './decode-text';
import { detectDelimiter, parseDelimited, type Delimiter } from './read-delimited';
import { readXlsx } from './read-xlsx';
import { ImportFileError, toSheetTable, type SheetTable } from './sheet-table';

export type SpreadsheetSource = { kind: 'file'; name: string; bytes: ArrayBuffer } | { kind: 'paste'; text: string };

/** One sheet of the file (a CSV or pasted cells have one): its table, or why it cannot be imported. */
export type ReadSheet = { name: string } & ({ table: SheetTable; error?: undefined } | { table?: undefined; error: string });

export interface ReadSpreadsheet {
  sheets: ReadSheet[];
  /** How a text file was read (for the founder, beside its name). */
  encoding?: TextEncodingName;
  delimiter?: Delimiter;
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
/** The old binary Excel format (an OLE compound file). */
const isXls = (bytes: Uint8Array) => bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;

function sheetOf(name: string, records: string[][]): ReadSheet {
  try {
    return { name, table: toSheetTable(records) };
  } catch (error) {
    if (error instanceof ImportFileError) return { name, error: error.message };
    throw error;
  }
}

export async function readSpreadsheet(source: SpreadsheetSource): Promise<ReadSpreadsheet> {
  if (source.kind === 'paste') {
    // Cells copied from a spreadsheet arrive tab-separated.
    return { sheets: [sheetOf('Pasted cells', parseDelimited(source.text, '\t'))], delimiter: '\t' };
  }
  const bytes = new Uint8Array(source.bytes);
  if (isXls(bytes)) throw new ImportFileError('This is an old Excel file (.xls). Save it as .xlsx or CSV in Excel, then choose it again.');
  if (isZip(bytes)) {
    let sheets;
    try {
      sheets = await readXlsx(source.bytes);
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw new ImportFileError('This file could not be read as an Excel workbook. Save it again as .xlsx or CSV and choose it again.');
    }
    if (sheets.length === 0) throw new ImportFileError('The workbook has no sheets.');
    return { sheets: sheets.map((sheet) => sheetOf(sheet.name, sheet.rows)) };
  }
  const { text, encoding } = decodeText(bytes);
  const records = parseText(text);
  return { sheets: [sheetOf(source.name, records.rows)], encoding, delimiter: records.delimiter };
}

function parseText(text: string): { rows: string[][]; delimiter: Delimiter } {
  const delimiter = detectDelimiter(text);
  try {
    return { rows: parseDelimited(text, delimiter), delimiter };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImportFileError(`This file could not be read as CSV (${reason}).`);
  }
}
