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
      by: row.user_id === null ? null : { id: row.user_id, first_name: row.first_name!, last_name: row.last_name! },
    } as ListEventData,
  }));
}

/**
 * The oldest and newest event ids kept, of every list (0 and 0 before any): a stream resumes only from an id
 * in between, since an older one may have had events swept since.
 */
export async function eventBounds(db: Db): Promise<{ oldest: number; newest: number }> {
  const [row] = await db
    .select({
      oldest: sql<number>`coalesce(min(${listEvents.id}), 0)`.mapWith(Number),
      newest: sql<number>`coalesce(max(${listEvents.id}), 0)`.mapWith(Number),
    })
    .from(listEvents);
  return row;
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
