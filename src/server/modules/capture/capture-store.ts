// What a captured mail writes: its captured_mails row, and a touch on each row it was matched to, in one
// transaction (a mail is logged whole or not at all), each list's change log told once it committed.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MailDirection, MailParty } from '../../../shared/capture.js';
import type { Db } from '../../db/client.js';
import { captureAddresses, capturedMails, lists } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { ChangeLog } from '../lists/change-log.js';
import { editsList } from '../lists/list-access.js';
import { publishChanges, type ListWriter } from '../lists/list-change.js';
import { addTouches } from '../pipeline/touch-store.js';
import type { MailFacts } from './mail-parse.js';
import type { RowMatch } from './matching.js';

/** A mail of hers, read and matched: everything its writes need, decided before the first. */
export interface MailToLog {
  userId: number;
  direction: MailDirection;
  mail: MailFacts;
  participants: MailParty[];
  rows: RowMatch[];
  followUpDays: number | null;
}

/** What became of a mail: logged on rows (`rows` touches added), left in the Capture inbox, or captured before. */
export interface Logged {
  status: 'logged' | 'unmatched' | 'duplicate';
  rows: number;
  mailId: number;
}

/** Counts a mail taken and dropped (not hers, or nothing of it to log): never shown, only counted. */
export async function countDropped(db: Db, userId: number): Promise<void> {
  await db
    .update(captureAddresses)
    .set({ dropped: sql`${captureAddresses.dropped} + 1` })
    .where(eq(captureAddresses.user_id, userId));
}

/**
 * Takes the row locks of the rows' lists, in id order (so two mails on the same lists never wait on each other in a
 * circle), then reads which of them she still edits: two statements for all the lists. Read after the locks, as
 * listAccess does, so a removal committed meanwhile is seen.
 */
async function lockEditable(tx: Db, userId: number, rows: RowMatch[]): Promise<number[]> {
  const ids = [...new Set(rows.map((row) => row.listId))].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  await tx.select({ id: lists.id }).from(lists).where(inArray(lists.id, ids)).orderBy(lists.id).for('update');
  const editable = await tx.select({ id: lists.id }).from(lists).where(and(inArray(lists.id, ids), editsList(userId)));
  const allowed = new Set(editable.map((row) => row.id));
  return ids.filter((id) => allowed.has(id));
}

/**
 * Logs the mail once per Message-ID and account, and once per row: a second copy (a BCC'd one and a forward of
 * it, an SMTP retry, another instance receiving it at once) finds the mail already kept, and adds a touch only to
 * a row that has none of it yet (the row's unique message id). A list she no longer edits is passed over.
 */
export async function logMail(writer: ListWriter, toLog: MailToLog): Promise<Logged> {
  const { mail, userId } = toLog;
  const logs: ChangeLog[] = [];
  const result = await writeTransaction(writer.db, async (tx) => {
    logs.length = 0;
    const [inserted] = await tx
      .insert(capturedMails)
      .values({
        user_id: userId,
        message_id: mail.messageId,
        direction: toLog.direction,
        subject: mail.subject,
        snippet: mail.text,
        participants: toLog.participants,
        replies_to: mail.repliesTo,
        sent_at: mail.date,
        status: toLog.rows.length > 0 ? 'logged' : 'unmatched',
      })
      .onConflictDoNothing({ target: [capturedMails.user_id, capturedMails.message_id] })
      .returning({ id: capturedMails.id });
    const mailId = inserted
      ? inserted.id
      : (
          await tx
            .select({ id: capturedMails.id })
            .from(capturedMails)
            .where(and(eq(capturedMails.user_id, userId), eq(capturedMails.message_id, mail.messageId)))
        )[0].id;
    let added = 0;
    for (const listId of await lockEditable(tx, userId, toLog.rows)) {
      const log = new ChangeLog(tx, listId, userId);
      logs.push(log);
      const targets = toLog.rows.filter((entry) => entry.listId === listId).map((row) => ({ itemId: row.investorId, match: row.match }));
      // A row taken off the list since it was matched is passed over (addTouches names it missing).
      const touches = await addTouches(
        tx,
        log,
        'investor',
        listId,
        targets,
        userId,
        {
          kind: toLog.direction === 'sent' ? 'email_sent' : 'email_received',
          subject: mail.subject,
          body: mail.text,
          shared: false,
          participants: toLog.participants,
          messageId: mail.messageId,
          mailId,
          happenedAt: mail.date,
          answered: toLog.direction === 'received',
        },
        toLog.followUpDays,
      );
      added += touches.added.length;
    }
    if (!inserted && added > 0) {
      await tx
        .update(capturedMails)
        .set({ status: 'logged' })
        .where(and(eq(capturedMails.id, mailId), eq(capturedMails.status, 'unmatched')));
    }
    const status: Logged['status'] = inserted ? (toLog.rows.length > 0 ? 'logged' : 'unmatched') : added > 0 ? 'logged' : 'duplicate';
    return { status, rows: added, mailId };
  });
  await publishChanges(writer, logs);
  return result;
}
