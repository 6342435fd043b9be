// The Capture inbox: a founder's mails that no investor on her lists took part in, kept CAPTURE_LIMITS.inboxDays
// for her to log on an investor's row (one on a list, or a participant made a private contact) or dismiss.
import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import { CAPTURE_LIMITS, CAPTURE_MESSAGES, type InboxAssign, type InboxMail, type Touch } from '../../../shared/capture.js';
import type { Db } from '../../db/client.js';
import { capturedMails } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { changeList, type ListWriter } from '../lists/list-change.js';
import { LIST_KINDS } from '../lists/list-kinds.js';
import { addItemsIn } from '../lists/list-store.js';
import { checkContactFields, type StoredContact } from '../contacts/contact-fields.js';
import { createContact, fieldsError } from '../contacts/contact-store.js';
import { addTouch, followUpDaysOf } from '../pipeline/touch-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const KEPT_MS = CAPTURE_LIMITS.inboxDays * DAY_MS;
/** Mails one read of the inbox answers (the newest): far more than a week of mail to investors. */
export const INBOX_READ_MAX = 500;

const m = capturedMails;

function inInbox(userId: number, now: Date) {
  return and(eq(m.user_id, userId), eq(m.status, 'unmatched'), gt(m.created_at, new Date(now.getTime() - KEPT_MS)))!;
}

export async function inboxOf(db: Db, userId: number, now: Date): Promise<InboxMail[]> {
  const rows = await db
    .select()
    .from(m)
    .where(inInbox(userId, now))
    .orderBy(desc(m.created_at), desc(m.id))
    .limit(INBOX_READ_MAX);
  return rows.map((row) => ({
    id: row.id,
    direction: row.direction,
    subject: row.subject,
    snippet: row.snippet,
    participants: row.participants,
    sent_at: row.sent_at.toISOString(),
    expires_at: new Date(row.created_at.getTime() + KEPT_MS).toISOString(),
  }));
}

/** Dismissed: it leaves the inbox, and its text goes at once (the row stays, so the same mail is not taken again). */
export async function dismissMail(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const dismissed = await db
    .update(m)
    .set({ status: 'dismissed', snippet: '' })
    .where(and(eq(m.id, id), inInbox(userId, now)))
    .returning({ id: m.id });
  if (dismissed.length === 0) throw new HttpError(404, CAPTURE_MESSAGES.mailNotFound);
}

export interface Assigned {
  list_id: number;
  investor_id: number;
  /** null when the row already held this mail (the same Message-ID). */
  touch: Touch | null;
}

/** The contact `new_contact` names, made a private contact of hers; answers its id. */
async function newContact(db: Db, userId: number, input: NonNullable<InboxAssign['new_contact']>): Promise<number> {
  const { values, errors } = checkContactFields(
    { email: input.email, first_name: input.first_name ?? '', last_name: input.last_name ?? '', firm_name: input.firm_name ?? '' },
    { whole: true, requireNames: false },
  );
  if (errors.length > 0) throw fieldsError(errors);
  if (values.email === undefined || values.email === 'NaN') throw new HttpError(422, "body 'new_contact.email' is required");
  return Number((await createContact(db, userId, values as StoredContact)).id);
}

/**
 * Logs a mail of her inbox on an investor's row of a list she edits (its row lock held, as the intake logs one):
 * `investor_id` must be on the list (else 404); `new_contact` first becomes a private contact on it. All in one
 * transaction: the mail leaves the inbox ('assigned') with its touch, and a contact is made only for a mail logged.
 */
export async function assignMail(writer: ListWriter, userId: number, id: number, body: InboxAssign, now: Date): Promise<Assigned> {
  if ((body.investor_id === undefined) === (body.new_contact === undefined)) {
    throw new HttpError(422, 'Send one of investor_id and new_contact');
  }
  const caller = { userId, listId: body.list_id };
  const followUpDays = await followUpDaysOf(writer.db, userId);
  return changeList(writer, caller, 'edit', async (tx, { list }, log) => {
    if (list.list_type !== 'investor') throw new HttpError(422, 'A mail is logged on an investor list, and this is a fund list');
    const [row] = await tx.select().from(m).where(and(eq(m.id, id), inInbox(userId, now))).for('update');
    if (!row) throw new HttpError(404, CAPTURE_MESSAGES.mailNotFound);
    let investorId = body.investor_id!;
    if (body.new_contact) {
      investorId = await newContact(tx, userId, body.new_contact);
      await addItemsIn(tx, log, caller, list, LIST_KINDS.investor, [investorId]);
    }
    const touch = await addTouch(
      tx,
      log,
      { kind: 'investor', listId: body.list_id, itemId: investorId },
      userId,
      {
        kind: row.direction === 'sent' ? 'email_sent' : 'email_received',
        subject: row.subject,
        body: row.snippet,
        shared: false,
        participants: row.participants,
        match: null,
        messageId: row.message_id,
        mailId: row.id,
        happenedAt: row.sent_at,
        answered: row.direction === 'received',
      },
      followUpDays,
    );
    await tx.update(m).set({ status: 'assigned' }).where(eq(m.id, id));
    return { list_id: body.list_id, investor_id: investorId, touch };
  });
}

/** Mails that waited out their days in the inbox, and dismissed ones as old, are deleted. */
export async function sweepInbox(db: Db, now: Date): Promise<void> {
  await db
    .delete(m)
    .where(and(inArray(m.status, ['unmatched', 'dismissed']), lt(m.created_at, new Date(now.getTime() - KEPT_MS))));
}

