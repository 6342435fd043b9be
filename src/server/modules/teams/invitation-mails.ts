// How many invitation mails go to one address: counted per sender and address (so that no one account can use up an
// address's invitations for others) and, higher, per address whoever sends them; over the last 24 hours as they
// slide, not in fixed windows; and only mails actually sent. Counted in the database, so on every instance alike.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  INVITATION_MAILS_PER_ADDRESS_PER_DAY,
  INVITATION_MAILS_PER_SENDER_AND_ADDRESS_PER_DAY,
  TEAM_MESSAGES,
} from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { invitationMails } from '../../db/schema.js';

const t = invitationMails;
const lastDay = sql`${t.sent_at} > now() - interval '24 hours'`;

const addressHash = (email: string) => createHash('sha256').update(email).digest('base64url');

/** A mail counted before it is sent (`release` uncounts it when it is not sent after all), or why it may not be. */
export type MailCount = { release(): Promise<void> } | { refused: string; retryAfterSeconds: number };

/**
 * Counts a mail from the sender to the (lower-cased) address about to be sent, or refuses it, saying when the oldest
 * mail counted against it leaves the 24 hours. Mails to one address are counted one at a time (a transaction-scoped
 * advisory lock on it), so requests at once cannot pass a limit together.
 */
export async function countInvitationMail(db: Db, senderId: number, email: string): Promise<MailCount> {
  const address = addressHash(email);
  const counted = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`invitation-mails:${address}`}))`);
    await tx.delete(t).where(sql`${t.sent_at} <= now() - interval '24 hours'`);
    const [counts] = await tx
      .select({
        toAddress: sql<number>`count(*)::int`,
        fromSender: sql<number>`(count(*) FILTER (WHERE ${t.sender_id} = ${senderId}))::int`,
        addressFreedIn: sql<number>`ceil(extract(epoch FROM min(${t.sent_at}) + interval '24 hours' - now()))::int`,
        senderFreedIn: sql<number>`ceil(extract(epoch FROM min(${t.sent_at}) FILTER (WHERE ${t.sender_id} = ${senderId}) + interval '24 hours' - now()))::int`,
      })
      .from(t)
      .where(and(eq(t.address_hash, address), lastDay));
    if (counts.fromSender >= INVITATION_MAILS_PER_SENDER_AND_ADDRESS_PER_DAY) {
      return { refused: TEAM_MESSAGES.youInvitedEnough(email), retryAfterSeconds: Math.max(1, counts.senderFreedIn) };
    }
    if (counts.toAddress >= INVITATION_MAILS_PER_ADDRESS_PER_DAY) {
      return { refused: TEAM_MESSAGES.addressInvitedEnough(email), retryAfterSeconds: Math.max(1, counts.addressFreedIn) };
    }
    const [row] = await tx.insert(t).values({ sender_id: senderId, address_hash: address }).returning({ id: t.id });
    return row.id;
  });
  if (typeof counted !== 'number') return counted;
  return {
    async release() {
      await db.delete(t).where(eq(t.id, counted));
    },
  };
}
