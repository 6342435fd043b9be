import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { listEvents, listMembers } from '../../db/schema.js';

// A member is served a list's history from the moment they joined it, never what came before: the owner all of
// it. Joining (list_members.created_at) and every activity and event (change-log.ts) take their time from the
// database's clock while holding the list's row lock, so what was written before someone joined is older than
// their joining, and what is written after is not.

/** The moment a change was written (the activity's or the event's created_at) is one the user may be served. */
export function sinceJoined(userId: number, listId: number, writtenAt: AnyPgColumn): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${listMembers} WHERE ${listMembers.list_id} = ${listId}
    AND ${listMembers.user_id} = ${userId} AND ${listMembers.created_at} > ${writtenAt})`;
}

/**
 * The newest event of the list written before the user joined it (0 for its owner, or when none is kept): a
 * stream of theirs sends only events after it, whatever Last-Event-ID it is resumed from.
 */
export async function lastEventBeforeJoining(db: Db, listId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${listEvents.id}), 0)`.mapWith(Number) })
    .from(listEvents)
    .where(and(eq(listEvents.list_id, listId), sql`NOT ${sinceJoined(userId, listId, listEvents.created_at)}`));
  return row.id;
}
