import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { TEAM_MESSAGES, type ListMember, type ListMembers, type MemberRole } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { listInvitations, listMembers, lists, users } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { passContactsOnList } from '../contacts/ownership.js';
import { changeList, publishChanges, type ListCaller, type ListWriter } from '../lists/list-change.js';

const memberColumns = { user_id: users.id, email: users.email, first_name: users.first_name, last_name: users.last_name };

/** The owner first, then the members in the order they joined, and the pending invitations, newest first. */
export async function membersOf(db: Db, listId: number): Promise<ListMembers> {
  const [owner, members, invitations] = await Promise.all([
    db
      .select({ ...memberColumns, role: sql<'owner'>`'owner'` })
      .from(lists)
      .innerJoin(users, eq(users.id, lists.user_id))
      .where(eq(lists.id, listId)),
    db
      .select({ ...memberColumns, role: listMembers.role })
      .from(listMembers)
      .innerJoin(users, eq(users.id, listMembers.user_id))
      .where(eq(listMembers.list_id, listId))
      .orderBy(asc(listMembers.created_at), asc(users.id)),
    db
      .select({ id: listInvitations.id, email: listInvitations.email, role: listInvitations.role, expires_at: listInvitations.expires_at })
      .from(listInvitations)
      .where(and(eq(listInvitations.list_id, listId), isNull(listInvitations.accepted_at), gt(listInvitations.expires_at, sql`now()`)))
      .orderBy(sql`${listInvitations.id} DESC`),
  ]);
  return {
    members: [...owner, ...members],
    invitations: invitations.map((invitation) => ({ ...invitation, expires_at: invitation.expires_at.toISOString() })),
  };
}

/** The owner gives a member another role; the member's streams hear of it. */
export async function changeRole(writer: ListWriter, caller: ListCaller, userId: number, role: MemberRole): Promise<ListMember> {
  return changeList(writer, caller, 'share', async (tx, { list }, log) => {
    if (userId === list.user_id) throw new HttpError(422, TEAM_MESSAGES.ownerRole);
    const changed = await tx
      .update(listMembers)
      .set({ role })
      .where(and(eq(listMembers.list_id, list.id), eq(listMembers.user_id, userId)))
      .returning({ user_id: listMembers.user_id });
    if (changed.length === 0) throw new HttpError(404, TEAM_MESSAGES.memberNotFound);
    await log.events([{ type: 'member-changed', data: { user_id: userId, role } }]);
    const [member] = await tx.select(memberColumns).from(users).where(eq(users.id, userId));
    return { ...member, role };
  });
}

/**
 * The owner removes a member, or a member leaves (removes themself). From the next request on, on every
 * instance, the list is a 404 to them; their open streams get member-removed and end. Their private contacts on
 * the list pass to its owner, in the same transaction (contacts/ownership.ts).
 */
export async function removeMember(writer: ListWriter, caller: ListCaller, userId: number): Promise<void> {
  const leaving = userId === caller.userId;
  const elsewhere = await changeList(writer, caller, leaving ? 'read' : 'share', async (tx, { list }, log) => {
    if (userId === list.user_id) throw new HttpError(422, leaving ? TEAM_MESSAGES.ownerCannotLeave : TEAM_MESSAGES.ownerRole);
    const removed = await tx
      .delete(listMembers)
      .where(and(eq(listMembers.list_id, list.id), eq(listMembers.user_id, userId)))
      .returning({ user_id: listMembers.user_id });
    if (removed.length === 0) throw new HttpError(404, TEAM_MESSAGES.memberNotFound);
    await log.events([{ type: 'member-removed', data: { user_id: userId } }]);
    return passContactsOnList(tx, list.id, userId, list.user_id);
  });
  await publishChanges(writer, elsewhere);
}
