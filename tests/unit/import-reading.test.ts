// Reading a spreadsheet for the import: each fixture of tests/fixtures/imports (encodings, delimiters,
// quoted line breaks, a workbook's sheets), pasted cells, and the limits.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeText } from '@/features/contacts/import/decode-text';
import { detectDelimiter, parseDelimited } from '@/features/contacts/import/read-delimited';
import { readSpreadsheet, type ReadSpreadsheet } from '@/features/contacts/import/read-spreadsheet';
import { IMPORT_MAX_COLUMNS, ImportFileError, toSheetTable } from '@/features/contacts/import/sheet-table';
import { tooBig } from '@/features/contacts/import/read-file';
import { XLSX_INFLATED_MAX_BYTES } from '@/features/contacts/import/read-xlsx';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@/shared/imports';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url));

async function readFixture(name: string): Promise<ReadSpreadsheet> {
  const bytes = fixture(name);
  return readSpreadsheet({ kind: 'file', name, bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
}

const onlyTable = (read: ReadSpreadsheet) => {
  expect(read.sheets).toHaveLength(1);
  return read.sheets[0].table!;
};

describe('reading the fixtures', () => {
  it('reads a Google Sheets export: UTF-8 without a mark, commas, CRLF, a quoted comma and quotes', async () => {
    const read = await readFixture('google-sheets-export.csv');
    expect(read).toMatchObject({ encoding: 'utf-8', delimiter: ',' });
    const table = onlyTable(read);
    expect(table.headers).toEqual(['First Name', 'Last Name', 'Email', 'Company', 'Website', 'Status', 'Amount', 'Next follow-up', 'Notes']);
    expect(table.rows.map((row) => row.line)).toEqual([2, 3, 4, 5]);
    expect(table.rows[0].cells.slice(0, 2)).toEqual(['José', 'García']);
    expect(table.rows[1].cells[3]).toBe('Banyan Capital, LLC');
    expect(table.rows[2].cells[8]).toBe('Not investing in B2B, "for now"');
    // No cell keeps the CR of a CRLF.
    expect(table.rows.flatMap((row) => row.cells).some((cell) => cell.includes('\r'))).toBe(false);
  });

  it('reads an Excel CSV in Windows-1252 with semicolons: accents intact, dotted thousands as written', async () => {
    const read = await readFixture('excel-windows-1252.csv');
    expect(read).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    const table = onlyTable(read);
    expect(table.headers).toEqual(['Name', 'E-Mail', 'Firma', 'Status', 'Betrag', 'Follow-up', 'Notes']);
    expect(table.rows[0].cells).toEqual(['Renée Müller', 'renee@zurich-ventures.example', 'Zürich Ventures', 'Intro', '1.000.000', '15.04.2026', 'Café meeting in Zürich']);
    expect(table.rows[1].cells[0]).toBe('Jürgen Weiß');
    expect(table.rows[2].cells[6]).toBe('Trop tôt; revenir en 2027');
  });

  it('keeps line breaks, quotes and commas inside quoted cells, one spreadsheet row each', async () => {
    const table = onlyTable(await readFixture('quoted-newlines.csv'));
    expect(table.rows.map((row) => row.line)).toEqual([2, 3, 4]);
    expect(table.rows[0].cells[3]).toBe('First line\nSecond line, with a comma\nThird "quoted" line');
    expect(table.rows[2].cells[3]).toBe('Ends with a break');
  });

  it('reads the messy file: formulas and HTML as text, the empty row dropped, later row numbers unchanged', async () => {
    const table = onlyTable(await readFixture('messy-investors.csv'));
    expect(table.headers).toHaveLength(11);
    expect(table.rows).toHaveLength(29);
    const byLine = new Map(table.rows.map((row) => [row.line, row.cells]));
    expect(byLine.get(3)?.[0]).toBe('Okafor, Brian');
    expect(byLine.get(3)?.[8]).toBe('Wants metrics\nafter Q2');
    expect(byLine.get(8)?.[0]).toBe('=HYPERLINK("https://linkedin.example/in/grace-ho","Grace Ho")');
    expect(byLine.get(9)?.[0]).toBe('<b>Henry</b> Ford');
    expect(byLine.has(11)).toBe(false);
    expect(byLine.get(12)?.[2]).toBe('Mystery Fund');
    expect(byLine.get(31)?.[0]).toBe('Mary Ann van der Berg');
  });

  it('reads every sheet of a workbook, numbers as stored and date cells as days', async () => {
    const read = await readFixture('two-sheets.xlsx');
    expect(read.encoding).toBeUndefined();
    expect(read.sheets.map((sheet) => sheet.name)).toEqual(['Read me', 'Investors']);
    expect(read.sheets[0].table?.rows).toHaveLength(1);
    const investors = read.sheets[1].table!;
    expect(investors.headers).toEqual(['First name', 'Last name', 'Email', 'Firm', 'Stage', 'Amount', 'Follow up']);
    expect(investors.rows[0].cells).toEqual(['David', 'Kim', 'david.kim@summitpeak.example', 'Summit Peak Ventures', 'Meeting', '1500000', '2026-03-12']);
    expect(investors.rows[2].cells.slice(5)).toEqual(['', '']);
    expect(investors.rows[3].cells.slice(5)).toEqual(['1.2M', '2026-05-20']);
  });
});

describe('encodings', () => {
  const text = 'Name,Firm\nRenée,Zürich\n';
  const utf16le = Buffer.from(text, 'utf16le');

  it('follows a byte-order mark: UTF-8, UTF-16LE, UTF-16BE', () => {
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le]))).toEqual({ text, encoding: 'utf-16le' });
    const utf16be = Buffer.from(utf16le).swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]))).toEqual({ text, encoding: 'utf-16be' });
  });

  it('reads UTF-16 without a mark by its zero bytes, and UTF-8 without one as UTF-8', () => {
    expect(decodeText(utf16le)).toEqual({ text, encoding: 'utf-16le' });
    expect(decodeText(Buffer.from(text))).toEqual({ text, encoding: 'utf-8' });
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    // Only letters latin1 shares: Node 20's TextDecoder reads 0x80-0x9F (€, curly quotes) as latin1, browsers as 1252.
    expect(decodeText(Buffer.from([0x52, 0x65, 0x6e, 0xe9, 0x65, 0x3b, 0xfc]))).toEqual({ text: 'Renée;ü', encoding: 'windows-1252' });
  });
});

describe('delimiters', () => {
  it('takes the one the header and rows agree on', () => {
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('a;b;c\n1,5;2;3\n4;5,5;6\n')).toBe(';');
    expect(detectDelimiter('a\tb\n1\t2\n')).toBe('\t');
    // Commas in a semicolon file's notes do not sway it.
    expect(detectDelimiter('Name;Notes\nAda;"met, twice, at least"\nBob;ok\n')).toBe(';');
  });

  it('never evaluates a cell and tolerates a stray quote', () => {
    expect(parseDelimited('Name,Note\n=1+1,5" display\n')).toEqual([
      ['Name', 'Note'],
      ['=1+1', '5" display'],
    ]);
  });
});

describe('pasted cells', () => {
  it('reads them tab-separated, a quoted cell with a line break as one', async () => {
    const read = await readSpreadsheet({ kind: 'paste', text: 'Name\tEmail\nAda Lovelace\tada@example.com\n"Two\nlines"\tb@example.com' });
    const table = onlyTable(read);
    expect(table.headers).toEqual(['Name', 'Email']);
    expect(table.rows.map((row) => row.cells[0])).toEqual(['Ada Lovelace', 'Two\nlines']);
  });
});

describe('the limits and the table', () => {
  it('refuses a file over the size limit before reading it', () => {
    expect(tooBig(IMPORT_MAX_BYTES)).toBeNull();
    expect(tooBig(IMPORT_MAX_BYTES + 1)).toMatch(/at most 5 MB/);
  });

  it('refuses more data rows than the limit, counting only non-empty rows', () => {
    const header = [['Name']];
    const rows = (count: number) => Array.from({ length: count }, (_, index) => [`Investor ${index}`]);
    expect(toSheetTable([...header, ...rows(IMPORT_MAX_ROWS), [''], ['  ']]).rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(() => toSheetTable([...header, ...rows(IMPORT_MAX_ROWS + 1)])).toThrow(/5,001 rows; at most 5,000/);
  });

  it('starts at the first non-empty row, evens the rows out and drops columns with nothing in them', () => {
    const table = toSheetTable([[''], ['Name', '', 'Email', ''], ['Ada', '', 'ada@example.com'], ['Bob', '', '', '', 'extra']]);
    expect(table.headers).toEqual(['Name', 'Email', 'Column 3']);
    expect(table.rows).toEqual([
      { line: 3, cells: ['Ada', 'ada@example.com', ''] },
      { line: 4, cells: ['Bob', '', 'extra'] },
    ]);
  });

  it('says so of a file with no rows, or only a header', () => {
    expect(() => toSheetTable([])).toThrow(ImportFileError);
    expect(() => toSheetTable([['Name', 'Email']])).toThrow(/no rows under it/);
  });

  it('refuses an old .xls file and a broken workbook with a message', async () => {
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).buffer;
    await expect(readSpreadsheet({ kind: 'file', name: 'old.xls', bytes: xls })).rejects.toThrow(/old Excel file/);
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]).buffer;
    await expect(readSpreadsheet({ kind: 'file', name: 'broken.xlsx', bytes: broken })).rejects.toThrow(/could not be read as an Excel workbook/);
  });
});

describe('a big workbook', () => {
  it('reads 5,000 rows whose sheet is well over the size fflate would inflate in a worker of its own', async () => {
    const { default: writeExcelFile } = await import('write-excel-file/node');
    const rows = Array.from({ length: IMPORT_MAX_ROWS }, (_, index) => [
      `Investor ${index}`,
      `investor${index}@example.com`,
      `Firm number ${index} with a long name to fill the sheet`,
      'Intro',
      String(1000 * index),
      'A note long enough to make each row take a hundred bytes or so in the XML',
    ]);
    const bytes = await writeExcelFile([['Name', 'Email', 'Firm', 'Status', 'Amount', 'Notes'], ...rows]).toBuffer();
    const started = Date.now();
    const read = await readSpreadsheet({ kind: 'file', name: 'big.xlsx', bytes: new Uint8Array(bytes).buffer });
    const table = read.sheets[0].table!;
    expect(table.rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(table.rows[IMPORT_MAX_ROWS - 1].cells.slice(0, 2)).toEqual([`Investor ${IMPORT_MAX_ROWS - 1}`, `investor${IMPORT_MAX_ROWS - 1}@example.com`]);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);
});

describe('a hostile workbook', () => {
  const asFile = (bytes: Uint8Array, name = 'hostile.xlsx') =>
    readSpreadsheet({ kind: 'file', name, bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });

  /** A real workbook whose first sheet is replaced by `size` bytes of spaces: a zip bomb of about 1,000 to 1. */
  async function zipBomb(size: number): Promise<Uint8Array> {
    const { default: writeExcelFile } = await import('write-excel-file/node');
    const { unzipSync, zipSync } = await import('fflate');
    const workbook = unzipSync(new Uint8Array(await writeExcelFile([['Name'], ['Ada']]).toBuffer()));
    const sheet = new Uint8Array(size).fill(0x20);
    return zipSync({ ...workbook, 'xl/worksheets/sheet1.xml': [sheet, { level: 9 }] });
  }

  let bomb: Uint8Array;
  beforeAll(async () => {
    bomb = await zipBomb(XLSX_INFLATED_MAX_BYTES + 10 * 1024 * 1024);
  }, 60_000);

  it('refuses a zip bomb by the sizes its directory declares, before inflating it', async () => {
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    await expect(asFile(bomb)).rejects.toThrow(/unpacks to 60 MB; at most 50 MB can be read/);
  });

  it('reads a lying entry no further than the size it declares, and says the file cannot be read', async () => {
    const liar = bomb.slice();
    // The sheet's uncompressed size, in its local header and in the central directory, said to be 1 KB.
    const view = new DataView(liar.buffer, liar.byteOffset, liar.byteLength);
    const name = new TextEncoder().encode('xl/worksheets/sheet1.xml');
    const named = (at: number, nameAt: number) => name.every((byte, i) => liar[at + nameAt + i] === byte);
    let patched = 0;
    for (let at = 0; at < liar.byteLength - 46; at++) {
      const signature = view.getUint32(at, true);
      if (signature === 0x04034b50 && named(at, 30)) view.setUint32(at + 22, 1024, true);
      else if (signature === 0x02014b50 && named(at, 46)) view.setUint32(at + 24, 1024, true);
      else continue;
      patched++;
    }
    expect(patched).toBe(2);
    await expect(asFile(liar)).rejects.toThrow(/could not be read as an Excel workbook/);
  }, 30_000);

  it('refuses a sheet with values in more columns than are read, or far down a wide sheet', async () => {
    const { default: writeExcelFile } = await import('write-excel-file/node');
    const wide = Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, i) => `Column ${i}`);
    const workbook = async (rows: Array<Array<string | null>>) => new Uint8Array(await writeExcelFile(rows).toBuffer());
    await expect(asFile(await workbook([wide, wide]))).rejects.toThrow(/values in 201 columns; at most 200 can be read/);
    // One value in column XFD (16,384) of an otherwise small sheet.
    const far = [...Array.from({ length: 16_383 }, () => null), 'far'];
    await expect(asFile(await workbook([['Name'], far]))).rejects.toThrow(/values in 16,384 columns/);
    // 200 columns, and one value 20,000 rows down: millions of empty cells to fill in.
    const down = [wide.slice(0, IMPORT_MAX_COLUMNS), ...Array.from({ length: 20_000 }, () => [null]), ['last']];
    await expect(asFile(await workbook(down))).rejects.toThrow(/down to row 20,002; at most 5,000 rows/);
    // As many columns as are read is fine.
    const read = await asFile(await workbook([wide.slice(0, IMPORT_MAX_COLUMNS), wide.slice(0, IMPORT_MAX_COLUMNS)]));
    expect(read.sheets[0].table!.headers).toHaveLength(IMPORT_MAX_COLUMNS);
  });

  it('refuses a CSV wider than the columns read', () => {
    const wide = Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, i) => `c${i}`);
    expect(() => toSheetTable([wide, wide])).toThrow(/201 columns; at most 200 can be read/);
  });
});
