import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { IMPORT_UNDO_HOURS, type OthersWork, type UndoableImport } from '../../../shared/imports.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { listImports, users } from '../../db/schema.js';
import type { ImportEffects } from './import-effects.js';
import { listAccess } from '../lists/list-access.js';
import type { ListCaller } from '../lists/list-change.js';

const undoWindow = sql`make_interval(hours => ${IMPORT_UNDO_HOURS})`;
const countOf = (key: 'added' | 'created' | 'updated') => sql<number>`jsonb_array_length(${listImports.effects}->${key})::integer`;

/**
 * Other members' notes and pipeline changes (since the import) on the rows its undo would remove, by member: they
 * go with the rows, so the confirmation names them. The rows are those still as the import added them (import-store.ts).
 */
async function othersWork(db: Db, caller: ListCaller, effects: ImportEffects): Promise<OthersWork[]> {
  const added = [...effects.added, ...effects.created];
  if (added.length === 0) return [];
  const rows = await queryRows(
    db,
    sql`WITH gone AS (SELECT investor_id FROM list_investors WHERE list_id = ${caller.listId}
          AND investor_id IN (SELECT value::integer FROM jsonb_array_elements_text(${JSON.stringify(added)}::jsonb))
          AND added_at BETWEEN ${effects.at}::timestamptz AND ${effects.at}::timestamptz + ${added.length - 1} * interval '1 microsecond'),
        work AS (
          SELECT n.user_id, 1 AS notes, 0 AS changes FROM pipeline_notes n
            WHERE n.list_id = ${caller.listId} AND n.investor_id IN (SELECT investor_id FROM gone)
          UNION ALL
          SELECT a.user_id, 0, 1 FROM list_activity a
            WHERE a.list_id = ${caller.listId} AND a.item_kind = 'investor' AND a.item_id IN (SELECT investor_id FROM gone)
              AND a.action IN ('stage', 'follow_up', 'amount') AND a.created_at > ${effects.at}::timestamptz)
      SELECT u.id, u.first_name, u.last_name, sum(w.notes)::integer AS notes, sum(w.changes)::integer AS changes
      FROM work w JOIN users u ON u.id = w.user_id WHERE w.user_id <> ${caller.userId}
      GROUP BY u.id, u.first_name, u.last_name ORDER BY u.id`,
  );
  return rows.map((row) => ({
    user: { id: Number(row.id), first_name: row.first_name as string, last_name: row.last_name as string },
    notes: Number(row.notes),
    changes: Number(row.changes),
  }));
}

/** The imports of a list the caller is on that can still be undone (not undone, younger than IMPORT_UNDO_HOURS), newest first. */
export async function undoableImports(db: Db, caller: ListCaller): Promise<UndoableImport[]> {
  const { list } = await listAccess(db, caller.userId, caller.listId, 'read');
  const rows = await db
    .select({
      effects: listImports.effects,
      id: listImports.id,
      file_name: listImports.file_name,
      created_at: listImports.created_at,
      user_id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      added: countOf('added'),
      created: countOf('created'),
      updated: countOf('updated'),
      skipped: sql<number>`coalesce((${listImports.effects}->>'skipped')::integer, 0)`,
    })
    .from(listImports)
    .leftJoin(users, eq(users.id, listImports.user_id))
    .where(
      and(
        eq(listImports.list_id, caller.listId),
        isNull(listImports.undone_at),
        gte(listImports.created_at, sql`now() - ${undoWindow}`),
      ),
    )
    .orderBy(desc(listImports.id));
  const others = await Promise.all(rows.map((row) => othersWork(db, caller, row.effects)));
  return rows.map((row, i) => ({
    id: row.id,
    file_name: row.file_name,
    created_at: row.created_at.toISOString(),
    user: row.user_id === null ? null : { id: row.user_id, first_name: row.first_name!, last_name: row.last_name! },
    added: Number(row.added),
    created: Number(row.created),
    updated: Number(row.updated),
    skipped: Number(row.skipped),
    undo_until: new Date(row.created_at.getTime() + IMPORT_UNDO_HOURS * 60 * 60 * 1000).toISOString(),
    can_undo: row.user_id === caller.userId || list.user_id === caller.userId,
    others_work: others[i],
  }));
}
