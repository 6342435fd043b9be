import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { ListEventData, ListEventType } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { listEvents, users } from '../../db/schema.js';

export interface StoredEvent {
  id: number;
  type: ListEventType;
  data: ListEventData;
}

/** How long a list's events are kept for a stream to resume from. */
const KEEP_EVENTS = sql`interval '7 days'`;

/** A list's events after `afterId`, oldest first, each with its author. */
export async function eventsAfter(db: Db, listId: number, afterId: number, limit: number): Promise<StoredEvent[]> {
  const rows = await db
    .select({
      id: listEvents.id,
      type: listEvents.type,
      data: listEvents.data,
      created_at: listEvents.created_at,
      user_id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(listEvents)
    .leftJoin(users, eq(users.id, listEvents.user_id))
    .where(and(eq(listEvents.list_id, listId), gt(listEvents.id, afterId)))
    .orderBy(asc(listEvents.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    data: {
      ...row.data,
      type: row.type,
      list_id: listId,
      at: row.created_at.toISOString(),
      by: row.user_id === null ? null : { id: row.user_id, first_name: row.first_name!, last_name: row.last_name! },
    } as ListEventData,
  }));
}

/**
 * Where a new stream of a list starts (`start`), and the oldest event id kept of any list (`oldest`, 0 before
 * any): a stream resumes only from an id from `oldest - 1` on, since an older one may have had events swept
 * since. Read under the list's row lock, which every writer of the list holds while it takes its event ids:
 * every later event of the list has a higher id than `start`, and none up to it is left to send. `start` is
 * the list's newest event, or `oldest - 1` if that is higher (a list whose events were all swept, or that had
 * none), so that a stream resumed from it still resumes.
 */
export async function streamBounds(db: Db, listId: number): Promise<{ oldest: number; start: number }> {
  const result = (await db.execute(sql`SELECT
      coalesce((SELECT min(${listEvents.id}) FROM ${listEvents}), 0) AS oldest,
      coalesce((SELECT max(${listEvents.id}) FROM ${listEvents} WHERE ${listEvents.list_id} = ${listId}), 0) AS newest`)) as unknown as {
    rows: Array<{ oldest: string | number; newest: string | number }>;
  };
  const row = { oldest: Number(result.rows[0].oldest), newest: Number(result.rows[0].newest) };
  return { oldest: row.oldest, start: Math.max(row.newest, row.oldest - 1) };
}

/** Removes events older than a week, keeping the newest so that the bounds stay known. */
export async function sweepEvents(db: Db): Promise<void> {
  await db
    .delete(listEvents)
    .where(
      and(
        sql`${listEvents.created_at} < now() - ${KEEP_EVENTS}`,
        sql`${listEvents.id} < (SELECT max(${listEvents.id}) FROM ${listEvents})`,
      ),
    );
}
