import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { canEditRows, canManageList, TEAM_MESSAGES, type ListRole } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { listMembers, lists } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';

export type ListRow = typeof lists.$inferSelect;

/** What a call needs of the caller: to read the list, change its rows, rename or delete it, or share it. */
export type ListNeed = 'read' | 'edit' | 'manage' | 'share';

export interface ListAccessRow {
  list: ListRow;
  role: ListRole;
}

/** The caller's role in a select joined with the caller's list_members row. */
export const roleOf = (userId: number) =>
  sql<ListRole>`CASE WHEN ${lists.user_id} = ${userId} THEN 'owner' ELSE ${listMembers.role} END`;

/** The caller is the owner or a member. */
export const isMemberOf = (userId: number) => or(eq(lists.user_id, userId), eq(listMembers.user_id, userId))!;

/** The user (an id, or a column or expression of one) owns the list or is a member of it. */
export function isOnList(user: number | AnyPgColumn | SQL): SQL {
  return sql`(${lists.user_id} = ${user} OR EXISTS (SELECT 1 FROM ${listMembers}
    WHERE ${listMembers.list_id} = ${lists.id} AND ${listMembers.user_id} = ${user}))`;
}

/** The user (an id, or a column of one) owns the list or edits it: whose follow-ups its rows are. */
export function editsList(user: number | AnyPgColumn): SQL {
  return sql`(${lists.user_id} = ${user} OR EXISTS (SELECT 1 FROM ${listMembers}
    WHERE ${listMembers.list_id} = ${lists.id} AND ${listMembers.user_id} = ${user} AND ${listMembers.role} = 'editor'))`;
}

/**
 * The caller's role on a list, read from the database on every call (no cache: a removal holds on the next
 * request, on every instance). A list the caller is not on is a 404, exactly as one that does not exist; a
 * role short of the need is a 403 naming why. `lock` holds the list's row until the transaction ends: every
 * change to a list takes it, so its changes (and their event ids) follow one another. The lock is taken
 * before the role is read: a locking read joined with list_members would, once a removal it waited for
 * commits, still see the member as she was before the wait, and let her change the list.
 */
export async function listAccess(db: Db, userId: number, listId: number, need: ListNeed, lock = false): Promise<ListAccessRow> {
  if (lock) await db.select({ id: lists.id }).from(lists).where(eq(lists.id, listId)).for('update');
  const [row] = await db
    .select({ list: lists, role: roleOf(userId) })
    .from(lists)
    .leftJoin(listMembers, and(eq(listMembers.list_id, lists.id), eq(listMembers.user_id, userId)))
    .where(and(eq(lists.id, listId), isMemberOf(userId)));
  if (!row) throw new HttpError(404, TEAM_MESSAGES.listNotFound);
  assertRole(row.role, need);
  return row;
}

/**
 * Waits for the changes under way to the list (each holds its row lock) and keeps the next ones waiting until the
 * transaction ends. Reads after it see every change committed before: a locking read that joins another table,
 * as listAccess's does, would see that table as it was before the wait.
 */
export async function holdList(db: Db, listId: number): Promise<void> {
  await db.select({ id: lists.id }).from(lists).where(eq(lists.id, listId)).for('share');
}

/** Who may read each of these lists now, as the database says: its owner and its members (a list gone: none). */
export async function readersOf(db: Db, listIds: number[]): Promise<Map<number, Set<number>>> {
  const readers = new Map<number, Set<number>>();
  if (listIds.length === 0) return readers;
  const rows = await db
    .select({ listId: lists.id, owner: lists.user_id, member: listMembers.user_id })
    .from(lists)
    .leftJoin(listMembers, eq(listMembers.list_id, lists.id))
    .where(inArray(lists.id, listIds));
  for (const { listId, owner, member } of rows) {
    const ofList = readers.get(listId) ?? new Set([owner]);
    if (member !== null) ofList.add(member);
    readers.set(listId, ofList);
  }
  return readers;
}

export function assertRole(role: ListRole, need: ListNeed): void {
  if (need === 'edit' && !canEditRows(role)) throw new HttpError(403, TEAM_MESSAGES.viewerCannotChange);
  if (need === 'manage' && !canManageList(role)) throw new HttpError(403, TEAM_MESSAGES.ownerOnlyRename);
  if (need === 'share' && !canManageList(role)) throw new HttpError(403, TEAM_MESSAGES.ownerOnlyMembers);
}
