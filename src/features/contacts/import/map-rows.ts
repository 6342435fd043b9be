// The file's rows as the import rows the API takes, by the founder's choices: which column is which field,
// which stage each status means, and which way slash dates read. What the browser cannot read (an amount,
// a date) is left out of the row and reported as the row's error; the server checks everything else.
import { NOTE_MAX_LENGTH, type PipelineStage } from '@/shared/pipeline';
import type { ImportPipelineValues, ImportRow, ImportRowError } from '@/shared/imports';
import { parseAmount } from './amounts';
import type { ImportField } from './columns';
import { parseDate, type DateOrder } from './dates';
import { splitFullName } from './names';
import type { SheetTable } from './sheet-table';

type ContactText = Exclude<ImportField, 'name' | 'stage' | 'amount' | 'follow_up_on' | 'note' | 'ignore'>;

export interface ValueChoices {
  /** Each distinct status (trimmed) and the stage it means. */
  stages: ReadonlyMap<string, PipelineStage>;
  dateOrder: DateOrder | null;
}

export interface MappedRow {
  /** The spreadsheet's row number (header = 1). */
  line: number;
  row: ImportRow;
  /** What the browser could not read. */
  errors: ImportRowError[];
}

/** The cells of every column mapped to `field`. */
export function columnValues(table: SheetTable, mapping: readonly ImportField[], field: ImportField): string[] {
  const columns = mapping.flatMap((mapped, column) => (mapped === field ? [column] : []));
  return table.rows.flatMap((row) => columns.map((column) => row.cells[column]).filter((cell) => cell !== ''));
}

/** The distinct statuses in the file, in the order first seen, with how many rows have each. */
export function distinctStatuses(table: SheetTable, mapping: readonly ImportField[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const status of columnValues(table, mapping, 'stage')) counts.set(status, (counts.get(status) ?? 0) + 1);
  return counts;
}

function joinedNote(cells: { header: string; text: string }[]): string | null {
  const present = cells.filter((cell) => cell.text !== '');
  if (present.length === 0) return null;
  const note = present.length === 1 ? present[0].text : present.map((cell) => `${cell.header}: ${cell.text}`).join('\n');
  return note.length > NOTE_MAX_LENGTH ? `${note.slice(0, NOTE_MAX_LENGTH - 1)}…` : note;
}

export function mapRows(table: SheetTable, mapping: readonly ImportField[], choices: ValueChoices): MappedRow[] {
  return table.rows.map(({ line, cells }) => {
    const row: ImportRow = {};
    const pipeline: ImportPipelineValues = {};
    const errors: ImportRowError[] = [];
    const notes: { header: string; text: string }[] = [];
    mapping.forEach((field, column) => {
      const text = cells[column] ?? '';
      switch (field) {
        case 'ignore':
          return;
        case 'note':
          notes.push({ header: table.headers[column], text });
          return;
        case 'name':
          if (text !== '') Object.assign(row, splitFullName(text));
          return;
        case 'stage': {
          const stage = choices.stages.get(text);
          if (stage) pipeline.stage = stage;
          return;
        }
        case 'amount': {
          const amount = parseAmount(text);
          if (amount && 'value' in amount) pipeline.amount = amount.value;
          else if (amount) errors.push({ field: 'amount', detail: amount.error });
          return;
        }
        case 'follow_up_on': {
          const date = parseDate(text, choices.dateOrder);
          if (date && 'value' in date) pipeline.follow_up_on = date.value;
          else if (date) errors.push({ field: 'follow_up_on', detail: date.error });
          return;
        }
        default:
          if (text !== '') row[field satisfies ContactText] = field === 'email' ? text.replace(/^mailto:/i, '') : text;
      }
    });
    const note = joinedNote(notes);
    if (note) pipeline.note = note;
    if (Object.keys(pipeline).length > 0) row.pipeline = pipeline;
    return { line, row, errors };
  });
}
