// One mail that reached an account's capture address, by SMTP or the HTTP intake: whose it is, which mail it logs
// (itself, or the original it forwards), whom it was with, and the rows it goes on. Everything is read and decided
// before the one transaction that writes it (capture-store.ts).
import { eq, sql } from 'drizzle-orm';
import type { MailDirection, MailParty } from '../../../shared/capture.js';
import type { Person } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { captureAddresses } from '../../db/schema.js';
import { countDropped, logMail, type CaptureWriter, type Logged } from './capture-store.js';
import { TOKEN } from './address-token.js';
import type { MailFacts } from './mail-parse.js';
import { runStatement } from './named-statements.js';
import type { ReadMail } from './read-mail.js';
import { candidateRows, matchRows, participantsOf, readCandidates, rowsMatchingSql, type ReadCandidate } from './matching.js';

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
  /** She, as her touches name their author. */
  author: Person;
  /** Her rows of the investors whose e-mail is one of the mail's addresses, read with the account; null: not read. */
  byEmail: ReadCandidate[] | null;
}

/** Addresses a mail may name for its rows to be read with the account: past them (a mail to hundreds), later. */
const ADDRESSES_READ_AT_ONCE = 200;

/**
 * The account whose capture address holds this token now, with what taking a mail needs of it, in one statement:
 * her addresses, her follow-up interval, and her rows of the investors whose e-mail is one of `addresses` (every
 * address of the mail and of the mails it forwards, so the participants' are among them whichever mail she meant).
 * `believed` is the account the token was found to be lately (CaptureTokens): the rows are read for it, and the
 * statement answers none unless the token is still hers.
 */
async function accountOf(db: Db, token: string, believed: number, addresses: string[]): Promise<Account | null> {
  if (!TOKEN.test(token)) return null;
  const readRows = addresses.length > 0 && addresses.length <= ADDRESSES_READ_AT_ONCE;
  const [row] = await runStatement(
    db,
    sql`SELECT u.id, u.email, u.first_name, u.last_name, u.touch_follow_up_days,
      coalesce((SELECT array_agg(lower(s.email)) FROM sender_addresses s WHERE s.user_id = u.id AND s.verified_at IS NOT NULL), '{}') AS senders
      ${readRows ? sql`, (SELECT coalesce(json_agg(m), '[]'::json) FROM (${rowsMatchingSql(believed, { emails: addresses, domains: [] })}) m) AS matched` : sql``}
    FROM capture_addresses c JOIN users u ON u.id = c.user_id WHERE c.token = ${token} AND c.user_id = ${believed}`,
    true,
  );
  if (!row) return null;
  return {
    userId: Number(row.id),
    own: [String(row.email).toLowerCase(), ...(row.senders as string[])],
    followUpDays: row.touch_follow_up_days === null ? null : Number(row.touch_follow_up_days),
    author: { id: Number(row.id), first_name: String(row.first_name), last_name: String(row.last_name) },
    byEmail: readRows ? readCandidates(typeof row.matched === 'string' ? JSON.parse(row.matched) : (row.matched as Array<Record<string, unknown>>)) : null,
  };
}

/** Every address a mail names, and the mails it forwards: a superset of the participants of whichever she meant. */
function addressesOf(read: ReadMail): string[] {
  const addresses = new Set<string>();
  for (const mail of [read.mail, ...read.forwarded]) for (const entry of [mail.from, ...mail.to, ...mail.cc]) addresses.add(entry.address);
  return [...addresses];
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
 * account is the one whose capture address holds `token` as the mail is taken (`believed`, as CaptureTokens found it
 * lately, checked again): null when none does (rotated since the address was checked). Throws only when the writes failed (nothing was written): the sender is to try again.
 */
export async function takeMail(writer: CaptureWriter, captureDomain: string, token: string, believed: number, read: ReadMail): Promise<Taken | null> {
  const account = await accountOf(writer.db, token, believed, addressesOf(read));
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
      author: account.author,
    });
    return { status: logged.status, rows: 0 };
  }
  if (!own.includes(read.mail.from.address) && !ruleForward) return dropped();
  const mail = ruleForward ? read.mail : meantMail(read, own, captureDomain);
  const direction: MailDirection = own.includes(mail.from.address) ? 'sent' : 'received';
  const parties: MailParty[] = direction === 'sent' ? [...mail.to, ...mail.cc] : [mail.from, ...mail.to, ...mail.cc];
  const participants = participantsOf(parties, account.own, captureDomain);
  if (participants.length === 0) return dropped();
  const rows = matchRows(participants, await candidateRows(writer.db, userId, participants, account.byEmail ?? undefined));
  const logged = await logMail(writer, { userId, direction, mail, participants, rows, followUpDays: account.followUpDays, author: account.author });
  return { status: logged.status, rows: logged.rows };
}
