// CSV export of a list (RFC 4180): UTF-8 with a byte order mark so spreadsheets read accents,
// CRLF line ends, fields quoted when they hold a quote, comma or line break.
import type { TableColumn } from '@/components/DataGrid';
import { EMPTY } from '@/lib/format';
import type { Pipeline, PipelineNote } from '@/shared/pipeline';
import { noteDay, stageLabel } from './pipeline/pipeline-format';

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

/**
 * The pipeline's columns of the export: Stage, Next follow-up (YYYY-MM-DD, as spreadsheets read dates),
 * Amount (whole dollars, a plain number) and Notes (every note, newest first, one per line with its day).
 */
export function pipelineCsvColumns<R extends { pipeline: Pipeline }>(notesOf: (row: R) => readonly PipelineNote[]): TableColumn<R>[] {
  return [
    { field: 'stage', headerName: 'Stage', text: (row) => stageLabel(row.pipeline) },
    { field: 'follow_up_on', headerName: 'Next follow-up', text: (row) => row.pipeline.follow_up_on ?? EMPTY },
    { field: 'amount', headerName: 'Amount (USD)', text: (row) => (row.pipeline.amount === null ? EMPTY : String(row.pipeline.amount)) },
    {
      field: 'notes',
      headerName: 'Notes',
      text: (row) => notesOf(row).map((note) => `${noteDay(note.created_at)}: ${note.body}`).join('\n') || EMPTY,
    },
  ];
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
