// CSV export of a list (RFC 4180): UTF-8 with a byte order mark so spreadsheets read accents,
// CRLF line ends, fields quoted when they hold a quote, comma or line break.
import type { TableColumn } from '@/components/DataGrid';
import { EMPTY } from '@/lib/format';

const BOM = '\uFEFF';

/** Cells a spreadsheet would run as a formula get a leading apostrophe; phone numbers and signed numbers stay. */
function neutralised(value: string): string {
  if (/^[=@\t\r]/.test(value)) return `'${value}`;
  if (/^[+-]/.test(value) && !/^[+-][\d\s().-]*$/.test(value)) return `'${value}`;
  return value;
}

export function csvField(value: string): string {
  const safe = neutralised(value);
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows under a header of every column; missing values ('-' on screen) are empty cells. */
export function toCsv<R>(columns: readonly TableColumn<R>[], rows: readonly R[]): string {
  const header = columns.map((column) => csvField(column.headerName));
  const lines = rows.map((row) =>
    columns.map((column) => {
      const text = column.text(row);
      return csvField(text === EMPTY ? '' : text);
    }),
  );
  return BOM + [header, ...lines].map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

/** A file name from the list's name: 'Seed VCs (EU)' → 'seed-vcs-eu.csv'. */
export function csvFileName(listName: string): string {
  const slug = listName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'list'}.csv`;
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
