import { and, desc, eq } from 'drizzle-orm';
import { ACTIVITY_LIMIT, type ActivityEntry } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { listActivity, users } from '../../db/schema.js';
import { listAccess } from '../lists/list-access.js';
import { sinceJoined } from '../lists/since-joined.js';
import type { RowRef } from '../pipeline/row-store.js';

/**
 * What happened to a row of a list the caller is on since they joined it (the owner: ever), newest first (the
 * newest ACTIVITY_LIMIT), each with who did it. A row taken off the list keeps its history: it ends with
 * 'removed'. A row never on it has none. A deleted note's entries keep who and when, not its text; a touch's say
 * its kind and subject (never its text) while it exists.
 */
export async function rowActivity(db: Db, ref: RowRef): Promise<ActivityEntry[]> {
  await listAccess(db, ref.userId, ref.listId, 'read');
  const rows = await db
    .select({
      id: listActivity.id,
      action: listActivity.action,
      detail: listActivity.detail,
      created_at: listActivity.created_at,
      user_id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(listActivity)
    .leftJoin(users, eq(users.id, listActivity.user_id))
    .where(
      and(
        eq(listActivity.list_id, ref.listId),
        eq(listActivity.item_kind, ref.kind.type),
        eq(listActivity.item_id, ref.itemId),
        sinceJoined(ref.userId, ref.listId, listActivity.created_at),
      ),
    )
    .orderBy(desc(listActivity.id))
    .limit(ACTIVITY_LIMIT);
  return rows.map((row) => {
    const detail = row.detail as {
      from?: ActivityEntry['from'];
      to?: ActivityEntry['to'];
      note?: ActivityEntry['note'];
      file_name?: string;
      touch?: ActivityEntry['touch'];
      deck?: ActivityEntry['deck'];
    };
    return {
      id: row.id,
      action: row.action,
      from: detail.from ?? null,
      to: detail.to ?? null,
      note: detail.note ?? null,
      ...(detail.file_name !== undefined && { file_name: detail.file_name }),
      ...((row.action === 'touch_added' || row.action === 'touch_deleted') && { touch: detail.touch ?? null }),
      ...(detail.deck !== undefined && { deck: detail.deck }),
      user: row.user_id === null ? null : { id: row.user_id, first_name: row.first_name!, last_name: row.last_name! },
      created_at: row.created_at.toISOString(),
    };
  });
}
