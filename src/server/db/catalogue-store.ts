// Batched writes of catalogue rows, as the seed and the import need them. Each batch is one statement
// whose parameters are one array per column, unnested into rows: a fixed, small number of parameters
// however many rows, on PGlite and PostgreSQL alike.
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { MISSING } from '../../shared/vocabularies.js';
import type { Db } from './client.js';
import type { funds, investors } from './schema.js';

type CatalogueTable = typeof investors | typeof funds;
export type CatalogueRow = Record<string, unknown>;

interface WritableColumn {
  name: string;
  /** The SQL type of the column, e.g. 'text', 'double precision', 'text[]'. */
  type: string;
  isList: boolean;
}

/**
 * The columns a row sets: all but generated ones, added_at (the database's clock, when the row is inserted;
 * never changed by an update) and the identity, unless asked for.
 */
export function writableColumns(table: CatalogueTable, withId: boolean): WritableColumn[] {
  return Object.values(getTableColumns(table))
    .filter((c) => !c.generated && c.name !== 'added_at' && (withId || c.name !== 'id'))
    .map((c) => ({ name: c.name, type: c.getSQLType(), isList: c.getSQLType().endsWith('[]') }));
}

/** A PostgreSQL array literal: lists travel as one text each, since arrays of arrays must be rectangular. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

function unnestSource(columns: WritableColumn[], rows: readonly CatalogueRow[]): SQL {
  const params = columns.map((column) => {
    const values = rows.map((row) => {
      const value = row[column.name];
      if (column.isList) return arrayLiteral((value as string[] | undefined) ?? []);
      // A field the row leaves out is missing: 'NaN' in a text column, NULL in a numeric one.
      if (value === undefined) return column.type === 'text' ? MISSING : null;
      return value;
    });
    return column.isList ? sql`${sql.param(values)}::text[]` : sql`${sql.param(values)}::${sql.raw(column.type)}[]`;
  });
  const names = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
  return sql`unnest(${sql.join(params, sql`, `)}) AS u(${names})`;
}

function selectList(columns: WritableColumn[]): SQL {
  return sql.raw(columns.map((c) => (c.isList ? `u."${c.name}"::text[]` : `u."${c.name}"`)).join(', '));
}

/** Inserts rows in one statement. With `withId` the rows carry their id (an import naming new ids). */
export async function insertRows(db: Db, table: CatalogueTable, rows: readonly CatalogueRow[], withId = false) {
  if (rows.length === 0) return;
  const columns = writableColumns(table, withId);
  const names = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
  await db.execute(
    sql`INSERT INTO ${table} (${names}) SELECT ${selectList(columns)} FROM ${unnestSource(columns, rows)}`,
  );
  if (withId) await syncIdentity(db, table);
}

/** Overwrites every writable column of the rows named by id, in one statement. */
export async function updateRows(db: Db, table: CatalogueTable, rows: readonly CatalogueRow[]) {
  if (rows.length === 0) return;
  const columns = writableColumns(table, true);
  const assignments = sql.raw(
    columns
      .filter((c) => c.name !== 'id')
      .map((c) => `"${c.name}" = ${c.isList ? `u."${c.name}"::text[]` : `u."${c.name}"`}`)
      .join(', '),
  );
  await db.execute(
    sql`UPDATE ${table} SET ${assignments} FROM ${unnestSource(columns, rows)} WHERE ${table}.id = u.id`,
  );
}

/** After rows arrive with their own ids, the identity must continue past the largest one. */
async function syncIdentity(db: Db, table: CatalogueTable) {
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence(${getTableName(table)}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
  );
}
