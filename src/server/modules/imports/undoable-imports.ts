import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { IMPORT_UNDO_HOURS, type UndoableImport } from '../../../shared/imports.js';
import type { Db } from '../../db/client.js';
import { listImports, users } from '../../db/schema.js';
import { listAccess } from '../lists/list-access.js';
import type { ListCaller } from '../lists/list-change.js';

const undoWindow = sql`make_interval(hours => ${IMPORT_UNDO_HOURS})`;
const countOf = (key: 'added' | 'created' | 'updated') => sql<number>`jsonb_array_length(${listImports.effects}->${key})::integer`;

/** The imports of a list the caller is on that can still be undone (not undone, younger than IMPORT_UNDO_HOURS), newest first. */
export async function undoableImports(db: Db, caller: ListCaller): Promise<UndoableImport[]> {
  await listAccess(db, caller.userId, caller.listId, 'read');
  const rows = await db
    .select({
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
  return rows.map((row) => ({
    id: row.id,
    file_name: row.file_name,
    created_at: row.created_at.toISOString(),
    user: row.user_id === null ? null : { id: row.user_id, first_name: row.first_name!, last_name: row.last_name! },
    added: Number(row.added),
    created: Number(row.created),
    updated: Number(row.updated),
    skipped: Number(row.skipped),
    undo_until: new Date(row.created_at.getTime() + IMPORT_UNDO_HOURS * 60 * 60 * 1000).toISOString(),
  }));
}
