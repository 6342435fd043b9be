// One mail that reached an account's capture address, by SMTP or the HTTP intake: whose it is, which mail it logs
// (itself, or the original it forwards), whom it was with, and the rows it goes on. Everything is read and decided
// before the one transaction that writes it (capture-store.ts).
import { eq, sql } from 'drizzle-orm';
import type { MailDirection, MailParty } from '../../../shared/capture.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { captureAddresses } from '../../db/schema.js';
import type { ListWriter } from '../lists/list-change.js';
import { countDropped, logMail, type Logged } from './capture-store.js';
import { TOKEN } from './address-token.js';
import type { MailFacts } from './mail-parse.js';
import type { ReadMail } from './read-mail.js';
import { candidateRows, matchRows, participantsOf } from './matching.js';

/** The account whose capture address holds this token now (a rotated one holds none). */
export async function accountOfToken(db: Db, token: string): Promise<number | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db.select({ userId: captureAddresses.user_id }).from(captureAddresses).where(eq(captureAddresses.token, token));
  return row?.userId ?? null;
}

interface Account {
  userId: number;
  /** Her log-in address and her verified sender addresses, lower-cased. */
  own: string[];
  followUpDays: number | null;
}

/** The account whose capture address holds this token now, with what taking a mail needs of it: one statement. */
async function accountOf(db: Db, token: string): Promise<Account | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await queryRows(
    db,
    sql`SELECT u.id, u.email, u.touch_follow_up_days,
      coalesce((SELECT array_agg(lower(s.email)) FROM sender_addresses s WHERE s.user_id = u.id AND s.verified_at IS NOT NULL), '{}') AS senders
    FROM capture_addresses c JOIN users u ON u.id = c.user_id WHERE c.token = ${token}`,
  );
  if (!row) return null;
  return {
    userId: Number(row.id),
    own: [String(row.email).toLowerCase(), ...(row.senders as string[])],
    followUpDays: row.touch_follow_up_days === null ? null : Number(row.touch_follow_up_days),
  };
}

/** What an intake answers of a mail: what became of it, with no word of what it said. */
export type Outcome = Logged['status'] | 'dropped';

export interface Taken {
  status: Outcome;
  rows: number;
}

/**
 * The mail she means to log: a mail of hers written to someone is itself; one written to no one but her own
 * addresses and the capture address is a forward, and logs the mail it forwards (again, if that one is a forward
 * of hers to no one else); itself when it forwards nothing readable.
 */
function meantMail(read: ReadMail, own: string[], captureDomain: string): MailFacts {
  let current = read.mail;
  for (const original of read.forwarded) {
    const fromHer = own.includes(current.from.address);
    const others = participantsOf([...current.to, ...current.cc], own, captureDomain);
    if (!fromHer || others.length > 0) return current;
    current = original;
  }
  return current;
}

/**
 * Takes one mail for one account: logged only when its From is one of her addresses, or when her mailbox forwarded
 * it to the capture address by a rule (a mail to her, `X-Forwarded-For` naming her address first, as Gmail marks
 * it), or Gmail's confirmation of such a rule (to her Capture inbox); else dropped (counted, never shown). The
 * account is the one whose capture address holds `token` as the mail is taken: null when none does (rotated since
 * the address was checked). Throws only when the writes failed (nothing was written): the sender is to try again.
 */
export async function takeMail(writer: ListWriter, captureDomain: string, token: string, read: ReadMail): Promise<Taken | null> {
  const account = await accountOf(writer.db, token);
  if (!account) return null;
  const { userId } = account;
  const dropped = async (): Promise<Taken> => {
    await countDropped(writer.db, userId);
    return { status: 'dropped', rows: 0 };
  };
  const { own } = account;
  // A mail to her that her mailbox forwarded by a rule (Gmail's forwarding) is an investor's reply she forwarded.
  const ruleForward = read.autoForwardedBy !== null && own.includes(read.autoForwardedBy) &&
    [...read.mail.to, ...read.mail.cc].some((entry) => own.includes(entry.address));
  // Gmail's confirmation of a forwarding rule she is setting up, naming one of her addresses: hers to read.
  const gmail = read.gmailConfirmation;
  const confirmation = gmail && own.some((address) => gmail.said.includes(address)) ? gmail.mail : null;
  if (confirmation) {
    const logged = await logMail(writer, {
      userId,
      direction: 'received',
      mail: confirmation,
      participants: [confirmation.from],
      rows: [],
      followUpDays: null,
    });
    return { status: logged.status, rows: 0 };
  }
  if (!own.includes(read.mail.from.address) && !ruleForward) return dropped();
  const mail = ruleForward ? read.mail : meantMail(read, own, captureDomain);
  const direction: MailDirection = own.includes(mail.from.address) ? 'sent' : 'received';
  const parties: MailParty[] = direction === 'sent' ? [...mail.to, ...mail.cc] : [mail.from, ...mail.to, ...mail.cc];
  const participants = participantsOf(parties, account.own, captureDomain);
  if (participants.length === 0) return dropped();
  const rows = matchRows(participants, await candidateRows(writer.db, userId, participants));
  const logged = await logMail(writer, { userId, direction, mail, participants, rows, followUpDays: account.followUpDays });
  return { status: logged.status, rows: logged.rows };
}
