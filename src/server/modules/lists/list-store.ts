import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListItem, ListSummary, ListType } from '../../../shared/api-types.js';
import { TEAM_MESSAGES } from '../../../shared/teams.js';
import { LIST_MESSAGES, MAX_LISTS } from '../../../shared/form-rules.js';
import type { Db } from '../../db/client.js';
import { listFunds, listInvestors, listMembers, lists, users } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { fillMissing } from '../catalogue/wire.js';
import { PreparedRows } from '../../db/query-rows.js';
import { type FitProfile, fitFactsOf, fitOf } from '../../../shared/fit.js';
import { PIPELINE_TABLES, pipelineJson, toPipeline, type PipelineJson } from '../pipeline/pipeline-columns.js';
import { forgetRowTexts } from '../pipeline/entry-texts.js';
import { LIST_KINDS, type ListKind } from './list-kinds.js';
import { isMemberOf, roleOf, type ListRow } from './list-access.js';
import { changeList, type ListCaller, type ListWriter } from './list-change.js';
import { CHANGED_MANY, type ChangeLog } from './change-log.js';
import { addableInvestors } from '../contacts/contact-store.js';

const itemCount = sql<number>`(CASE WHEN ${lists.list_type} = 'investor'
  THEN (SELECT count(*) FROM ${listInvestors} WHERE ${listInvestors.list_id} = ${lists.id})
  ELSE (SELECT count(*) FROM ${listFunds} WHERE ${listFunds.list_id} = ${lists.id}) END)::int`;

const owner = alias(users, 'owner');

/** A list as every list call answers it, with the caller's role and the list's owner. */
function summaries(db: Db, userId: number) {
  return db
    .select({
      id: lists.id,
      name: lists.name,
      description: lists.description,
      list_type: lists.list_type,
      item_count: itemCount,
      role: roleOf(userId),
      owner: { id: owner.id, first_name: owner.first_name, last_name: owner.last_name },
    })
    .from(lists)
    .innerJoin(owner, eq(owner.id, lists.user_id))
    .leftJoin(listMembers, and(eq(listMembers.list_id, lists.id), eq(listMembers.user_id, userId)))
    .$dynamic();
}

/** The user's own lists, then those shared with them, each oldest first, so the sidebar keeps its order. */
export function listSummaries(db: Db, userId: number): Promise<ListSummary[]> {
  return summaries(db, userId)
    .where(isMemberOf(userId))
    .orderBy(sql`${lists.user_id} <> ${userId}`, asc(lists.id));
}

/** One list the caller is on, as listed (a 404 otherwise). */
export async function listSummary(db: Db, userId: number, listId: number): Promise<ListSummary> {
  const [summary] = await summaries(db, userId).where(and(eq(lists.id, listId), isMemberOf(userId)));
  if (!summary) throw new HttpError(404, TEAM_MESSAGES.listNotFound);
  return summary;
}

export function kindOf(list: ListRow): ListKind {
  return LIST_KINDS[list.list_type];
}

/**
 * A list's rows (placeholder `list`) as one JSON text: an array in the order they were added, each row its wire
 * columns, `is_private` on an investor list and its `pipeline` (pipelineJson). Read column by column, a list of 200
 * investors was 10,000 values each decoded by the driver and mapped by drizzle, 7-9 ms of the app's thread.
 */
function listItemsSql(kind: ListKind): SQL {
  const { rows: source, link, linkListId, linkItemId, linkAddedAt } = kind;
  const columns: Record<string, SQL | AnyPgColumn> = {
    ...source.wireColumns,
    ...(source.private ? { is_private: source.private } : {}),
    pipeline: pipelineJson(PIPELINE_TABLES[kind.type]),
  };
  const selection = sql.join(
    Object.entries(columns).map(([name, value]) => sql`${value} AS ${sql.identifier(name)}`),
    sql`, `,
  );
  // Each row read by its key, whatever the planner expects of the list: OFFSET 0 keeps the subquery from being
  // pulled up into a join. Joined whole to the investors' view (two tables), PostgreSQL expected 900,000 rows at 1M,
  // read every investor and compiled the plan (1-5 s a list of 200). An array of the list's keys beside the join held
  // it to its keys too, but was checked again in each of the 400 key probes: without it, 37 → 17 ms for 200 rows on PGlite.
  return sql`SELECT json_agg(row_to_json(item) ORDER BY ${linkAddedAt}, item.id)::text AS items
    FROM ${link} CROSS JOIN LATERAL (SELECT ${selection} FROM ${source.table} WHERE ${source.id} = ${linkItemId} OFFSET 0) AS item
    WHERE ${linkListId} = ${sql.placeholder('list')}::int`;
}

const listItemsRead = Object.fromEntries(
  Object.values(LIST_KINDS).map((kind) => [kind.type, new PreparedRows(`${kind.type}_list_items`, listItemsSql(kind), { pglite: 'prepared' })]),
) as Record<ListType, PreparedRows>;

type ItemRead = Record<string, unknown> & { is_private?: boolean; pipeline: PipelineJson };

/**
 * A list's rows, shaped as investors or funds by its type, each with its `fit` against the profile (null
 * without one) and its `pipeline`, in the order they were added.
 */
export async function listItems(db: Db, list: ListRow, profile: FitProfile | null): Promise<ListItem[]> {
  const { catalogue } = kindOf(list);
  const [{ items }] = await listItemsRead[list.list_type].run(db, { list: list.id });
  const read = items === null ? [] : (JSON.parse(String(items)) as ItemRead[]);
  return read.map(({ is_private: isPrivate, pipeline: pipelineRead, ...own }) => {
    const wire = fillMissing(catalogue, own);
    const fit = profile ? fitOf(profile, fitFactsOf(catalogue.name, wire)) : null;
    const pipeline = toPipeline(pipelineRead);
    return isPrivate ? { ...wire, private: true, fit, pipeline } : { ...wire, fit, pipeline };
  });
}

export interface AddResult {
  added: number[];
  already_in_list: number[];
}

/**
 * Adds catalogue rows to a list the caller may edit, all or nothing: a list of the other type, or any id the
 * catalogue does not have, adds nothing. Rows already on the list stay as they are. Each row added is logged in
 * the activity; the list's streams hear `row-added` for one row, and one `reset` for more (up to 1,000 ids).
 */
export async function addItems(writer: ListWriter, caller: ListCaller, kind: ListKind, ids: number[]): Promise<AddResult> {
  return changeList(writer, caller, 'edit', (tx, { list }, log) => addItemsIn(tx, log, caller, list, kind, ids));
}

/** addItems inside a change to the list already under way (its row lock held, `log` its activity and events). */
export async function addItemsIn(tx: Db, log: ChangeLog, caller: ListCaller, list: ListRow, kind: ListKind, ids: number[]): Promise<AddResult> {
  const wanted = [...new Set(ids)];
  assertKind(list, kind);
  const known =
    kind.type === 'investor'
      ? await addableInvestors(tx, caller.userId, wanted, { lockForAdding: true })
      : new Set(
          (await tx.select({ id: kind.catalogue.id }).from(kind.catalogue.table).where(inArray(kind.catalogue.id, wanted))).map(
            (r) => r.id as number,
          ),
        );
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ` and ${unknown.length - 10} more` : '');
    throw new HttpError(422, `No ${kind.noun} has the id ${shown}; nothing was added.`);
  }
  const inserted = await tx
    .insert(kind.link)
    .values(wanted.map((id) => ({ ...linkRow(kind, list.id, id), updated_by: caller.userId })))
    .onConflictDoNothing()
    .returning({ id: kind.linkItemId });
  const added = new Set(inserted.map((r) => r.id as number));
  const addedIds = wanted.filter((id) => added.has(id));
  if (addedIds.length > 0) {
    await tx.update(lists).set({ updated_at: new Date() }).where(eq(lists.id, list.id));
    // One row keeps its precise event; more are told once (CHANGED_MANY), as an import is.
    await log.record(
      addedIds.map((itemId) => ({ kind: kind.type, itemId, action: 'added' as const })),
      addedIds.length === 1 ? [{ type: 'row-added', data: { kind: kind.type, item_id: addedIds[0] } }] : [CHANGED_MANY],
    );
  }
  return { added: addedIds, already_in_list: wanted.filter((id) => !added.has(id)) };
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

/** Takes one row off the list, and its notes with it (their texts too); a row that is not on it is a 404. */
export async function removeItem(writer: ListWriter, caller: ListCaller, kind: ListKind, itemId: number): Promise<void> {
  await changeList(writer, caller, 'edit', async (tx, { list }, log) => {
    assertKind(list, kind);
    const removed = await tx
      .delete(kind.link)
      .where(and(eq(kind.linkListId, list.id), eq(kind.linkItemId, itemId)))
      .returning({ id: kind.linkItemId });
    if (removed.length === 0) throw new HttpError(404, `${kind.catalogue.noun} ${itemId} is not in this list`);
    await forgetRowTexts(tx, { listId: list.id, kind: kind.type, itemId });
    await tx.update(lists).set({ updated_at: new Date() }).where(eq(lists.id, list.id));
    await log.record([{ kind: kind.type, itemId, action: 'removed' }], [{ type: 'row-removed', data: { kind: kind.type, item_id: itemId } }]);
  });
}

export interface NewList {
  name: string;
  description: string;
  list_type: ListType;
}

/** Creates a list the caller owns; one who owns MAX_LISTS already is refused (422). */
export async function createList(db: Db, userId: number, list: NewList): Promise<ListSummary> {
  const id = await db.transaction(async (tx) => {
    // The owner's row lock: two creates at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ owned }] = await tx.select({ owned: sql<number>`count(*)::int` }).from(lists).where(eq(lists.user_id, userId));
    if (owned >= MAX_LISTS) throw new HttpError(422, LIST_MESSAGES.tooMany);
    const [row] = await tx
      .insert(lists)
      .values({ user_id: userId, ...list })
      .returning({ id: lists.id });
    return row.id;
  });
  return listSummary(db, userId, id);
}

/** Renames or describes anew a list the caller owns. */
export async function updateList(
  writer: ListWriter,
  caller: ListCaller,
  changes: { name?: string; description?: string },
): Promise<ListSummary> {
  await changeList(writer, caller, 'manage', async (tx, { list }, log) => {
    const [row] = await tx
      .update(lists)
      .set({ ...changes, updated_at: new Date() })
      .where(eq(lists.id, list.id))
      .returning({ name: lists.name, description: lists.description });
    await log.events([{ type: 'list-changed', data: row }]);
  });
  return listSummary(writer.db, caller.userId, caller.listId);
}

/** Deletes a list the caller owns, with its notes' texts; its members' streams are told, and end. */
export async function deleteList(writer: ListWriter, caller: ListCaller): Promise<void> {
  await changeList(writer, caller, 'manage', async (tx, { list }, log) => {
    await forgetRowTexts(tx, { listId: list.id });
    await tx.delete(lists).where(eq(lists.id, list.id));
    await log.events([{ type: 'list-deleted' }]);
  });
}
