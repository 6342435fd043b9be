// Reading one CSV record into catalogue values, or saying exactly what is wrong with it.
import { STORED_EMAIL_PATTERN } from '../../../shared/form-rules.js';
import { MISSING } from '../../../shared/vocabularies.js';
import { FIELDS, type Field, type ImportKind } from './fields.js';

/** The file itself cannot be imported (its header is wrong); nothing is written. */
export class ImportFileError extends Error {}

export const MAX_CELL_LENGTH = 1000;
const MAX_ID = 2_147_483_647;

export type Values = Record<string, unknown>;

export interface ParsedRow {
  id?: number;
  /** Only the columns the file has (and firm_city when taken from the address). */
  values: Values;
}

export type RowResult = { ok: true; row: ParsedRow } | { ok: false; reason: string };

/** The header names the columns; each must be a field of this kind, once. */
export function readHeader(kind: ImportKind, cells: string[]): Field[] {
  const known = FIELDS[kind];
  const seen = new Set<string>();
  const header = cells.map((cell) => {
    const name = cell.trim();
    const field = known.find((f) => f.name === name);
    if (!field) {
      throw new ImportFileError(
        `Unknown column "${name}" in the header; ${kind} columns are: ${known.map((f) => f.name).join(', ')}`,
      );
    }
    if (seen.has(name)) throw new ImportFileError(`Column "${name}" appears twice in the header`);
    seen.add(name);
    return field;
  });
  if (header.every((f) => f.kind === 'id')) throw new ImportFileError('The header names no data columns');
  return header;
}

/** "street, city, state zip" or "street, city, postcode": the city is the second part from the end. */
export function cityFromAddress(address: string): string {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length >= 3 ? parts[parts.length - 2] : MISSING;
}

const isMissing = (cell: string) => cell === '' || cell === MISSING;

function canonical(vocabulary: readonly string[], value: string): string | undefined {
  const lower = value.toLowerCase();
  return vocabulary.find((v) => v.toLowerCase() === lower);
}

function readNumber(field: Field, cell: string): number | null {
  if (isMissing(cell)) return null;
  const plain = cell.replace(/^\$/, '').replace(/[,\s_]/g, '');
  const n = /^\d+(\.\d+)?(e\d+)?$/i.test(plain) ? Number(plain) : Number.NaN;
  if (!Number.isFinite(n)) throw new Error(`${field.name}: "${cell}" is not a number`);
  if (field.kind === 'integer' && !Number.isInteger(n))
    throw new Error(`${field.name}: "${cell}" is not a whole number`);
  if (field.kind === 'integer' && n > MAX_ID) throw new Error(`${field.name}: ${cell} is too large`);
  return n;
}

function readList(field: Field, cell: string): string[] {
  if (isMissing(cell)) return [];
  let items: unknown[];
  if (cell.startsWith('[')) {
    try {
      items = JSON.parse(cell);
    } catch {
      throw new Error(`${field.name}: not a valid JSON array`);
    }
    if (!Array.isArray(items) || items.some((item) => typeof item !== 'string')) {
      throw new Error(`${field.name}: a JSON list must be an array of texts`);
    }
  } else {
    items = cell.split(';');
  }
  const values: string[] = [];
  for (const item of items as string[]) {
    const trimmed = item.trim();
    if (trimmed === '') continue;
    const value = canonical(field.vocabulary!, trimmed);
    if (!value) throw new Error(`${field.name}: "${trimmed}" is not a known value`);
    if (!values.includes(value)) values.push(value);
  }
  return values;
}

function readCell(field: Field, raw: string): unknown {
  const cell = raw.trim();
  if (cell.length > MAX_CELL_LENGTH) throw new Error(`${field.name}: longer than ${MAX_CELL_LENGTH} characters`);
  if (cell.includes('\u0000')) throw new Error(`${field.name}: contains a NUL character`);
  switch (field.kind) {
    case 'id': {
      if (isMissing(cell)) return undefined;
      if (!/^\d+$/.test(cell) || Number(cell) < 1 || Number(cell) > MAX_ID) {
        throw new Error(`id: "${cell}" is not a positive whole number`);
      }
      return Number(cell);
    }
    case 'text':
      return isMissing(cell) ? MISSING : cell;
    case 'email':
      if (isMissing(cell)) return MISSING;
      if (!STORED_EMAIL_PATTERN.test(cell)) throw new Error(`${field.name}: "${cell}" is not an e-mail address without ?, & or %`);
      return cell;
    case 'choice': {
      if (isMissing(cell)) return MISSING;
      const value = canonical(field.vocabulary!, cell);
      if (!value) throw new Error(`${field.name}: "${cell}" is not one of ${field.vocabulary!.join(', ')}`);
      return value;
    }
    case 'number':
    case 'integer':
      return readNumber(field, cell);
    case 'list':
      return readList(field, cell);
  }
}

/** Reads one record against the header: its id (if any) and the values of the columns present. */
export function parseRecord(kind: ImportKind, header: Field[], cells: string[]): RowResult {
  if (cells.length !== header.length) {
    return { ok: false, reason: `has ${cells.length} cells where the header has ${header.length}` };
  }
  const values: Values = {};
  let id: number | undefined;
  try {
    header.forEach((field, i) => {
      const value = readCell(field, cells[i]);
      if (field.kind === 'id') id = value as number | undefined;
      else values[field.name] = value;
    });
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  if (kind === 'funds' && !header.some((f) => f.name === 'firm_city') && typeof values.firm_address === 'string') {
    values.firm_city = cityFromAddress(values.firm_address);
  }
  return { ok: true, row: id === undefined ? { values } : { id, values } };
}

/** A new row: every column the file leaves out is missing ('NaN', NULL or an empty list). */
export function newRowValues(kind: ImportKind, values: Values): Values {
  const row: Values = {};
  for (const field of FIELDS[kind]) {
    if (field.kind === 'id') continue;
    if (field.name in values) row[field.name] = values[field.name];
    else
      row[field.name] =
        field.kind === 'list' ? [] : field.kind === 'number' || field.kind === 'integer' ? null : MISSING;
  }
  return row;
}

/** What is wrong with a complete row (new, or an existing one with the file's changes), if anything. */
export function rowProblem(kind: ImportKind, row: Values): string | undefined {
  for (const field of FIELDS[kind]) {
    if (field.required && (row[field.name] === MISSING || row[field.name] === undefined)) {
      return `${field.name} is required`;
    }
  }
  const min = row.min_investment as number | null;
  const max = row.max_investment as number | null;
  if (min !== null && max !== null && min > max) return `min_investment (${min}) is above max_investment (${max})`;
  if (kind === 'funds') {
    const team = row.number_of_investors as number | null;
    const women = row.women_investors as number | null;
    if (team !== null && women !== null && women > team) {
      return `women_investors (${women}) is above number_of_investors (${team})`;
    }
  }
  return undefined;
}
