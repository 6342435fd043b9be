import { describe, expect, it } from 'vitest';
import type { TableColumn } from '@/components/DataGrid';
import { csvField, csvFileName, toCsv } from '@/features/lists/csv';
import { formatPhone, formatText, formatUsd } from '@/lib/format';

interface Row {
  name: string;
  phone: string;
  aum: number | string;
  stages: string[];
}

const columns: TableColumn<Row>[] = [
  { field: 'name', headerName: 'Investors', text: (r) => formatText(r.name) },
  { field: 'phone', headerName: 'Phone number', text: (r) => formatPhone(r.phone) },
  { field: 'aum', headerName: 'Capital managed', text: (r) => formatUsd(r.aum) },
  { field: 'stages', headerName: 'Stage preferences', text: (r) => r.stages.join('; ') },
];

describe('toCsv', () => {
  it('writes a BOM, a header and one CRLF line per row, quoting what needs it', () => {
    const csv = toCsv(columns, [
      { name: 'Zoë "Z" Müller', phone: '4930123', aum: 1500000, stages: ['Seed', 'Early Stage'] },
      { name: 'NaN', phone: 'NaN', aum: 'NaN', stages: [] },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Investors,Phone number,Capital managed,Stage preferences',
      '"Zoë ""Z"" Müller",+4930123,"$1,500,000",Seed; Early Stage',
      ',,,',
      '',
    ]);
  });
});

describe('csvField', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });
  it('keeps a spreadsheet from running a cell as a formula, but leaves phone numbers alone', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(csvField('+1 (415) 555-0100')).toBe('+1 (415) 555-0100');
  });
});

describe('csvFileName', () => {
  it('makes a file name from the list name', () => {
    expect(csvFileName('Seed VCs (EU) — Zürich')).toBe('seed-vcs-eu-zurich.csv');
    expect(csvFileName('!!!')).toBe('list.csv');
  });
});
