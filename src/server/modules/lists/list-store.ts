import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListItem, ListSummary, ListType } from '../../../shared/api-types.js';
import type { Db } from '../../db/client.js';
import { listFunds, listInvestors, lists } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { toWire } from '../catalogue/wire.js';
import { type FitProfile, fitFactsOf, fitOf } from '../../../shared/fit.js';
import { PIPELINE_TABLES, pipelineSelection, withoutPipeline, type PipelineRow } from '../pipeline/pipeline-columns.js';
import { LIST_KINDS, type ListKind } from './list-kinds.js';

type ListRow = typeof lists.$inferSelect;

const itemCount = sql<number>`(CASE WHEN ${lists.list_type} = 'investor'
  THEN (SELECT count(*) FROM ${listInvestors} WHERE ${listInvestors.list_id} = ${lists.id})
  ELSE (SELECT count(*) FROM ${listFunds} WHERE ${listFunds.list_id} = ${lists.id}) END)::int`;

const summaryColumns = {
  id: lists.id,
  name: lists.name,
  description: lists.description,
  list_type: lists.list_type,
  item_count: itemCount,
};

/** The user's lists, oldest first, so the sidebar keeps its order as lists are added. */
export function listSummaries(db: Db, userId: number): Promise<ListSummary[]> {
  return db.select(summaryColumns).from(lists).where(eq(lists.user_id, userId)).orderBy(asc(lists.id));
}

export async function listSummary(db: Db, listId: number): Promise<ListSummary> {
  const [summary] = await db.select(summaryColumns).from(lists).where(eq(lists.id, listId));
  return summary;
}

/**
 * The user's list, or a 404 — also when it exists but belongs to someone else, so ids reveal nothing.
 * `lock` holds the row until the transaction ends, so the list cannot be deleted under an addition.
 */
export async function ownedList(db: Db, userId: number, listId: number, lock = false): Promise<ListRow> {
  const query = db
    .select()
    .from(lists)
    .where(and(eq(lists.id, listId), eq(lists.user_id, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, 'List not found');
  return row;
}

export function kindOf(list: ListRow): ListKind {
  return LIST_KINDS[list.list_type];
}

/**
 * A list's rows, shaped as investors or funds by its type, each with its `fit` against the profile (null
 * without one) and its `pipeline`, in the order they were added.
 */
export async function listItems(db: Db, list: ListRow, profile: FitProfile | null): Promise<ListItem[]> {
  const { catalogue, link, linkListId, linkItemId, linkAddedAt } = kindOf(list);
  const columns: Record<string, AnyPgColumn> = Object.fromEntries(catalogue.wireColumns.map((c) => [c.name, c]));
  const rows = await db
    .select({ ...columns, ...pipelineSelection(PIPELINE_TABLES[list.list_type]) })
    .from(catalogue.table as PgTable)
    .innerJoin(link, eq(linkItemId, catalogue.id))
    .where(eq(linkListId, list.id))
    .orderBy(asc(linkAddedAt), asc(catalogue.id));
  return rows.map((row) => {
    const { fields, pipeline } = withoutPipeline(row as typeof row & PipelineRow);
    const wire = toWire(catalogue, fields);
    return { ...wire, fit: profile ? fitOf(profile, fitFactsOf(catalogue.name, wire)) : null, pipeline };
  });
}

export interface AddResult {
  added: number[];
  already_in_list: number[];
}

/**
 * Adds catalogue rows to a list the caller owns, all or nothing: a list of the other type, or any id
 * the catalogue does not have, adds nothing. Rows already on the list stay as they are.
 */
export async function addItems(db: Db, userId: number, listId: number, kind: ListKind, ids: number[]): Promise<AddResult> {
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const list = await ownedList(tx, userId, listId, true);
    assertKind(list, kind);
    const found = await tx
      .select({ id: kind.catalogue.id })
      .from(kind.catalogue.table)
      .where(inArray(kind.catalogue.id, wanted));
    const known = new Set(found.map((r) => r.id as number));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      const shown = unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ` and ${unknown.length - 10} more` : '');
      throw new HttpError(422, `No ${kind.noun} has the id ${shown}; nothing was added.`);
    }
    const inserted = await tx
      .insert(kind.link)
      .values(wanted.map((id) => linkRow(kind, listId, id)))
      .onConflictDoNothing()
      .returning({ id: kind.linkItemId });
    const added = new Set(inserted.map((r) => r.id as number));
    if (added.size > 0) await tx.update(lists).set({ updated_at: new Date() }).where(eq(lists.id, listId));
    return {
      added: wanted.filter((id) => added.has(id)),
      already_in_list: wanted.filter((id) => !added.has(id)),
    };
  });
}

function linkRow(kind: ListKind, listId: number, itemId: number) {
  return kind.type === 'investor' ? { list_id: listId, investor_id: itemId } : { list_id: listId, fund_id: itemId };
}

/** Refuses an investor call on a fund list and the other way round. */
export function assertKind(list: ListRow, kind: ListKind): void {
  if (list.list_type !== kind.type) {
    const own = kindOf(list);
    throw new HttpError(409, `'${list.name}' is a list of ${own.plural}: ${kind.plural} cannot be added to or removed from it.`);
  }
}

/** Takes one row off the list; a row that is not on it is a 404. */
export async function removeItem(db: Db, userId: number, listId: number, kind: ListKind, itemId: number): Promise<void> {
  const list = await ownedList(db, userId, listId);
  assertKind(list, kind);
  const removed = await db
    .delete(kind.link)
    .where(and(eq(kind.linkListId, listId), eq(kind.linkItemId, itemId)))
    .returning({ id: kind.linkItemId });
  if (removed.length === 0) throw new HttpError(404, `${kind.catalogue.noun} ${itemId} is not in this list`);
  await db.update(lists).set({ updated_at: new Date() }).where(eq(lists.id, listId));
}

export interface NewList {
  name: string;
  description: string;
  list_type: ListType;
}

export async function createList(db: Db, userId: number, list: NewList): Promise<ListSummary> {
  const [row] = await db
    .insert(lists)
    .values({ user_id: userId, ...list })
    .returning({ id: lists.id, name: lists.name, description: lists.description, list_type: lists.list_type });
  return { ...row, item_count: 0 };
}

export async function updateList(
  db: Db,
  userId: number,
  listId: number,
  changes: { name?: string; description?: string },
): Promise<ListSummary> {
  await ownedList(db, userId, listId);
  await db
    .update(lists)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(lists.id, listId));
  return listSummary(db, listId);
}

export async function deleteList(db: Db, userId: number, listId: number): Promise<void> {
  const deleted = await db
    .delete(lists)
    .where(and(eq(lists.id, listId), eq(lists.user_id, userId)))
    .returning({ id: lists.id });
  if (deleted.length === 0) throw new HttpError(404, 'List not found');
}
