import { sql } from 'drizzle-orm';
import type { ImportRow, PreviewRow } from '../../../shared/imports.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { withStatementTimeout } from '../../db/statement-timeout.js';
import { HttpError } from '../../plugins/error-handler.js';
import { listAccess, type ListRow } from '../lists/list-access.js';
import { checkRow, type CheckedRow } from './import-rows.js';
import { matchRows } from './matching.js';
import { IMPORT_STATEMENT_MS } from './statement-budget.js';

/** Imports go into investor lists only. */
export function assertInvestorList(list: ListRow): void {
  if (list.list_type !== 'investor') {
    throw new HttpError(422, `'${list.name}' is a list of funds: a spreadsheet of investors is imported into an investor list`);
  }
}

/** Which of these investors the list holds. */
export async function onList(db: Db, listId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows(
    db,
    sql`SELECT investor_id FROM list_investors WHERE list_id = ${listId}
      AND investor_id IN (SELECT value::integer FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
  return new Set(rows.map((row) => Number(row.investor_id)));
}

/** For each row, the first earlier row with the same e-mail, the same match, or the same name and firm; or null. */
function duplicates(rows: CheckedRow[], matchIds: Array<number | null>): Array<number | null> {
  const seen = new Map<string, number>();
  return rows.map((row, i) => {
    const keys = [
      row.keys.email && `email:${row.keys.email}`,
      matchIds[i] !== null && `id:${matchIds[i]}`,
      row.keys.person && `person:${row.keys.person}`,
    ].filter((key): key is string => Boolean(key));
    const earlier = keys.map((key) => seen.get(key)).find((found) => found !== undefined) ?? null;
    for (const key of keys) if (!seen.has(key)) seen.set(key, row.row);
    return earlier;
  });
}

/**
 * What each row would become in a list the caller edits: checked, matched, flagged. Changes nothing. On
 * PostgreSQL each statement is cancelled after IMPORT_STATEMENT_MS.
 */
export function previewImport(db: Db, userId: number, listId: number, input: ImportRow[]): Promise<PreviewRow[]> {
  return withStatementTimeout(db, IMPORT_STATEMENT_MS, (bounded) => previewRows(bounded, userId, listId, input));
}

async function previewRows(db: Db, userId: number, listId: number, input: ImportRow[]): Promise<PreviewRow[]> {
  const { list } = await listAccess(db, userId, listId, 'edit');
  assertInvestorList(list);
  const rows = input.map(checkRow);
  const matched = await matchRows(db, userId, rows);
  const matchIds = matched.map((m) => m.match?.investor_id ?? null);
  const held = await onList(db, listId, [...new Set(matchIds.filter((id): id is number => id !== null))]);
  const duplicateOf = duplicates(rows, matchIds);
  return rows.map((row, i) => ({
    row: row.row,
    match: matched[i].match,
    candidates: matched[i].candidates,
    duplicate_of_row: duplicateOf[i],
    on_list: matchIds[i] !== null && held.has(matchIds[i]),
    errors: row.errors,
  }));
}
