import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ListSummary } from '../../../shared/api-types.js';
import {
  INVITATION_RESEND_MINUTES,
  INVITATION_TTL_DAYS,
  TEAM_MESSAGES,
  type InvitationPreview,
  type ListInvitation,
  type MemberRole,
} from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { listInvitations, listMembers, lists, users } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { hashToken, newOpaqueToken } from '../auth/secrets.js';
import { changeList, inListTransaction, type ListCaller, type ListWriter } from '../lists/list-change.js';
import { isMemberOf } from '../lists/list-access.js';
import { listSummary } from '../lists/list-store.js';

const TTL = sql`make_interval(days => ${INVITATION_TTL_DAYS})`;

export interface NewInvitation {
  invitation: ListInvitation;
  /** The link's secret, to mail (never stored, only its hash); null when the pending invitation was kept. */
  token: string | null;
  listName: string;
  inviter: { email: string; first_name: string; last_name: string };
}

/** The list's pending invitation to the address, mailed within INVITATION_RESEND_MINUTES. */
function mailedLately(listId: number, email: string) {
  return and(
    eq(listInvitations.list_id, listId),
    eq(listInvitations.email, email),
    isNull(listInvitations.accepted_at),
    sql`${listInvitations.expires_at} > now()`,
    sql`${listInvitations.created_at} > now() - make_interval(mins => ${INVITATION_RESEND_MINUTES})`,
  );
}

/** Whether inviting the address to the list now would keep its pending invitation and mail nothing. */
export async function invitedLately(db: Db, listId: number, email: string): Promise<boolean> {
  const [row] = await db.select({ id: listInvitations.id }).from(listInvitations).where(mailedLately(listId, email));
  return row !== undefined;
}

/**
 * The owner invites an address (lower-cased) to the list as editor or viewer: a new single-use token, good for
 * INVITATION_TTL_DAYS. A pending invitation to the same address is replaced (its link stops working), unless it
 * was mailed within INVITATION_RESEND_MINUTES: then it is kept, with the role sent, and there is nothing to mail.
 * Inviting yourself or someone already on the list is a 422.
 */
export async function invite(writer: ListWriter, caller: ListCaller, email: string, role: MemberRole): Promise<NewInvitation> {
  return changeList(writer, caller, 'share', async (tx, { list }) => {
    const [inviter] = await tx
      .select({ email: users.email, first_name: users.first_name, last_name: users.last_name })
      .from(users)
      .where(eq(users.id, caller.userId));
    if (inviter.email.toLowerCase() === email) throw new HttpError(422, TEAM_MESSAGES.inviteYourself);
    const [member] = await tx
      .select({ user_id: listMembers.user_id })
      .from(listMembers)
      .innerJoin(users, eq(users.id, listMembers.user_id))
      .where(and(eq(listMembers.list_id, list.id), sql`lower(${users.email}) = ${email}`));
    if (member) throw new HttpError(422, TEAM_MESSAGES.alreadyMember(email));
    const answered = { id: listInvitations.id, email: listInvitations.email, role: listInvitations.role, expires_at: listInvitations.expires_at };
    const sender = { email: inviter.email, first_name: inviter.first_name, last_name: inviter.last_name };
    const [kept] = await tx.update(listInvitations).set({ role }).where(mailedLately(list.id, email)).returning(answered);
    if (kept) return { invitation: { ...kept, expires_at: kept.expires_at.toISOString() }, token: null, listName: list.name, inviter: sender };
    await tx
      .delete(listInvitations)
      .where(and(eq(listInvitations.list_id, list.id), eq(listInvitations.email, email), isNull(listInvitations.accepted_at)));
    const token = newOpaqueToken();
    const [row] = await tx
      .insert(listInvitations)
      .values({ list_id: list.id, email, role, token_hash: hashToken(token), invited_by: caller.userId, expires_at: sql`now() + ${TTL}` })
      .returning(answered);
    return { invitation: { ...row, expires_at: row.expires_at.toISOString() }, token, listName: list.name, inviter: sender };
  });
}

/** The owner withdraws a pending invitation: its link stops working. */
export async function revokeInvitation(writer: ListWriter, caller: ListCaller, invitationId: number): Promise<void> {
  await changeList(writer, caller, 'share', async (tx, { list }) => {
    const deleted = await tx
      .delete(listInvitations)
      .where(and(eq(listInvitations.id, invitationId), eq(listInvitations.list_id, list.id), isNull(listInvitations.accepted_at)))
      .returning({ id: listInvitations.id });
    if (deleted.length === 0) throw new HttpError(404, TEAM_MESSAGES.invitationGone);
  });
}

const invitationColumns = {
  id: listInvitations.id,
  list_id: listInvitations.list_id,
  email: listInvitations.email,
  role: listInvitations.role,
  expires_at: listInvitations.expires_at,
  accepted_at: listInvitations.accepted_at,
  expired: sql<boolean>`${listInvitations.expires_at} <= now()`,
};

type InvitationRow = { accepted_at: Date | null; expired: boolean };

/** An unknown (or withdrawn) token is a 404; a used or expired one a 410, saying which. */
function assertUsable<T extends InvitationRow>(row: T | undefined): T {
  if (!row) throw new HttpError(404, TEAM_MESSAGES.invitationNotFound);
  if (row.accepted_at !== null) throw new HttpError(410, TEAM_MESSAGES.invitationUsed);
  if (row.expired) throw new HttpError(410, TEAM_MESSAGES.invitationExpired);
  return row;
}

/** What an invitation page shows before log-in: the list, the role, who invited and the address it is for. */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const [row] = await db
    .select({
      ...invitationColumns,
      list_name: lists.name,
      list_type: lists.list_type,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(listInvitations)
    .innerJoin(lists, eq(lists.id, listInvitations.list_id))
    .innerJoin(users, eq(users.id, listInvitations.invited_by))
    .where(eq(listInvitations.token_hash, hashToken(token)));
  const invitation = assertUsable(row);
  return {
    email: invitation.email,
    role: invitation.role,
    list_name: invitation.list_name,
    list_type: invitation.list_type,
    invited_by: { first_name: invitation.first_name, last_name: invitation.last_name },
    expires_at: invitation.expires_at.toISOString(),
  };
}

/**
 * Accepts an invitation as the logged-in user, who must have its address (else a 403 and nothing changes):
 * they become a member with its role, the list's streams hear of it, and the answer is the list as listed.
 * The same account accepting again while still on the list (its first answer lost on a flaky connection, say)
 * gets the list again, with nothing changed; anyone else, or someone who has since left, is told it was used.
 */
export async function acceptInvitation(writer: ListWriter, userId: number, token: string): Promise<ListSummary> {
  const byToken = eq(listInvitations.token_hash, hashToken(token));
  const [found] = await writer.db.select({ list_id: listInvitations.list_id }).from(listInvitations).where(byToken);
  if (!found) throw new HttpError(404, TEAM_MESSAGES.invitationNotFound);
  const caller = { userId, listId: found.list_id };
  await inListTransaction(writer, caller, async (tx, log) => {
    const [list] = await tx
      .select({ owner: lists.user_id, onList: sql<boolean | null>`${isMemberOf(userId)}` })
      .from(lists)
      .leftJoin(listMembers, and(eq(listMembers.list_id, lists.id), eq(listMembers.user_id, userId)))
      .where(eq(lists.id, found.list_id))
      .for('update', { of: lists });
    const [row] = await tx.select(invitationColumns).from(listInvitations).where(byToken).for('update');
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const invitedAddress = user.email.toLowerCase() === row?.email;
    if (list?.onList && row?.accepted_at && invitedAddress) return;
    const invitation = assertUsable(list ? row : undefined);
    if (!invitedAddress) throw new HttpError(403, TEAM_MESSAGES.invitationForOther(invitation.email));
    await tx.update(listInvitations).set({ accepted_at: sql`now()` }).where(eq(listInvitations.id, invitation.id));
    if (list.owner === userId) return;
    const added = await tx
      .insert(listMembers)
      // Joined now, under the list's lock: what they are served of its history starts here (since-joined.ts).
      .values({ list_id: invitation.list_id, user_id: userId, role: invitation.role, created_at: sql`clock_timestamp()` })
      .onConflictDoNothing()
      .returning({ user_id: listMembers.user_id });
    if (added.length > 0) await log.events([{ type: 'member-added', data: { user_id: userId, role: invitation.role } }]);
  });
  return listSummary(writer.db, userId, found.list_id);
}
