// Importing a CSV file of investors or funds. Good rows are written, bad ones reported with their line
// and skipped. A row with an id updates that row (or is inserted under that id); a row without one is
// inserted unless the catalogue already holds an identical row, so importing a file twice changes
// nothing the second time. The whole import is one transaction.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { funds, investors } from '../schema.js';
import { insertRows, updateRows, writableColumns } from '../catalogue-store.js';
import type { Field, ImportKind } from './fields.js';
import {
  ImportFileError,
  newRowValues,
  parseRecord,
  type ParsedRow,
  readHeader,
  rowProblem,
  type Values,
} from './parse-row.js';

export interface ImportProblem {
  line: number;
  reason: string;
}

export interface ImportSummary {
  /** Data rows read (the header not counted). */
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Why each skipped row was skipped, by line. */
  problems: ImportProblem[];
}

export interface ImportOptions {
  batchSize?: number;
}

const TABLES = { investors, funds } as const;
/** Rows without an id are matched against existing rows sharing this (indexed) column. */
const MATCH_COLUMN = { investors: investors.last_name, funds: funds.firm_name } as const;

interface Pending {
  line: number;
  row: ParsedRow;
}

class Importer {
  readonly summary: ImportSummary = { rows: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0, problems: [] };
  private readonly table;
  private readonly columns: string[];
  private readonly seenIds = new Map<number, number>();
  private readonly seenRows = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly kind: ImportKind,
  ) {
    this.table = TABLES[kind];
    this.columns = writableColumns(this.table, false).map((c) => c.name);
  }

  problem(line: number, reason: string) {
    this.summary.problems.push({ line, reason });
    this.summary.skipped++;
  }

  /** One text per row content, to tell identical rows apart from changed ones. */
  private fingerprint(row: Values): string {
    return JSON.stringify(this.columns.map((c) => row[c] ?? null));
  }

  private pick(row: Values): Values {
    return Object.fromEntries(this.columns.map((c) => [c, row[c]]));
  }

  async process(batch: Pending[]) {
    const withId = batch.filter((p) => p.row.id !== undefined);
    const withoutId = batch.filter((p) => p.row.id === undefined);
    const inserts: Values[] = [];
    const insertsWithId: Values[] = [];
    const updates: Values[] = [];

    const ids = withId.map((p) => p.row.id!);
    const existing = new Map<number, Values>();
    if (ids.length > 0) {
      const found = await this.db.select().from(this.table).where(inArray(this.table.id, ids));
      for (const row of found) existing.set(row.id, row as Values);
    }
    for (const { line, row } of withId) {
      const id = row.id!;
      const earlier = this.seenIds.get(id);
      if (earlier !== undefined) {
        this.problem(line, `id ${id} already appeared on line ${earlier}`);
        continue;
      }
      this.seenIds.set(id, line);
      const current = existing.get(id);
      const merged = current ? { ...this.pick(current), ...row.values } : newRowValues(this.kind, row.values);
      const reason = rowProblem(this.kind, merged);
      if (reason) {
        this.problem(line, reason);
      } else if (!current) {
        insertsWithId.push({ ...merged, id });
      } else if (this.fingerprint(merged) === this.fingerprint(current)) {
        this.summary.unchanged++;
      } else {
        updates.push({ ...merged, id });
      }
    }

    const candidates = withoutId.map((p) => newRowValues(this.kind, p.row.values));
    const matchColumn = MATCH_COLUMN[this.kind];
    const keys = [...new Set(candidates.map((row) => String(row[matchColumn.name])))];
    const present = new Set<string>();
    if (keys.length > 0) {
      const found = await this.db.select().from(this.table).where(inArray(matchColumn, keys));
      for (const row of found) present.add(this.fingerprint(row as Values));
    }
    withoutId.forEach(({ line }, i) => {
      const row = candidates[i];
      const reason = rowProblem(this.kind, row);
      if (reason) return this.problem(line, reason);
      const print = this.fingerprint(row);
      if (present.has(print) || this.seenRows.has(print)) {
        this.summary.unchanged++;
        return;
      }
      this.seenRows.add(print);
      inserts.push(row);
    });

    await insertRows(this.db, this.table, inserts);
    await insertRows(this.db, this.table, insertsWithId, true);
    await updateRows(this.db, this.table, updates);
    this.summary.inserted += inserts.length + insertsWithId.length;
    this.summary.updated += updates.length;
  }
}

/** Imports CSV text (or a stream of it) into the investors or funds table. */
export async function importCatalogueCsv(
  db: Db,
  kind: ImportKind,
  input: string | Buffer | Readable,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? 1000;
  return db.transaction(async (tx) => {
    const importer = new Importer(tx, kind);
    const parser = parse({
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      skip_records_with_error: true,
      info: true,
    });
    // One broken record can raise several parse errors; it is one skipped row.
    const unreadableLines = new Set<number>();
    parser.on('skip', (error: Error & { lines?: number }) => {
      const line = error.lines ?? 0;
      if (unreadableLines.has(line)) return;
      unreadableLines.add(line);
      importer.summary.rows++;
      importer.problem(line, `not readable as CSV: ${error.message}`);
    });
    const source = typeof input === 'string' || Buffer.isBuffer(input) ? Readable.from([input]) : input;
    source.on('error', (error) => parser.destroy(error));
    source.pipe(parser);

    let header: Field[] | undefined;
    let batch: Pending[] = [];
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = readHeader(kind, record);
        continue;
      }
      importer.summary.rows++;
      const result = parseRecord(kind, header, record);
      if (!result.ok) {
        importer.problem(info.lines, result.reason);
        continue;
      }
      batch.push({ line: info.lines, row: result.row });
      if (batch.length >= batchSize) {
        await importer.process(batch);
        batch = [];
      }
    }
    if (!header) throw new ImportFileError('The file is empty: it needs a header row naming the columns');
    await importer.process(batch);
    importer.summary.problems.sort((a, b) => a.line - b.line);
    return importer.summary;
  });
}
