// Which rows of a founder's lists a mail of hers concerns: each participant's address against the investors on the
// investor lists she can edit, then its domain against their firms' websites. The choice is a pure function
// (matchRows) over the candidates one statement reads (candidateRows).
import { sql, type SQL } from 'drizzle-orm';
import { CAPTURE_LIMITS, type MailParty } from '../../../shared/capture.js';
import { websiteDomain } from '../../../shared/contact-keys.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { ownersSheMaySee, seesInvestor } from '../contacts/visibility.js';
import { editsList } from '../lists/list-access.js';

/** Mail providers many people share: an address there says nothing of who else is at its domain. */
const PUBLIC_DOMAINS = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'hotmail.co.uk', 'live.com', 'msn.com', 'yahoo.com',
  'yahoo.co.uk', 'yahoo.fr', 'ymail.com', 'icloud.com', 'me.com', 'mac.com', 'aol.com', 'proton.me', 'protonmail.com',
  'pm.me', 'gmx.de', 'gmx.net', 'gmx.com', 'web.de', 't-online.de', 'mail.com', 'zoho.com', 'yandex.com', 'yandex.ru',
  'fastmail.com', 'hey.com', 'qq.com', '163.com', 'orange.fr', 'free.fr', 'laposte.net', 'libero.it', 'naver.com',
]);

export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/** The domains that are hers (her co-founders'): those of her addresses, a public provider's left out. */
export function ownDomains(ownAddresses: string[]): Set<string> {
  return new Set(ownAddresses.map(domainOf).filter((domain) => !PUBLIC_DOMAINS.has(domain)));
}

/**
 * Whom a mail of hers was with, as matched: each address once, never hers, one at her own domains or the capture
 * domain; at most CAPTURE_LIMITS.participantsMatched.
 */
export function participantsOf(parties: MailParty[], ownAddresses: string[], captureDomain: string): MailParty[] {
  const own = new Set(ownAddresses);
  const domains = ownDomains(ownAddresses);
  const seen = new Set<string>();
  const kept: MailParty[] = [];
  for (const entry of parties) {
    const domain = domainOf(entry.address);
    if (seen.has(entry.address) || own.has(entry.address) || domains.has(domain) || domain === captureDomain) continue;
    seen.add(entry.address);
    kept.push(entry);
    if (kept.length >= CAPTURE_LIMITS.participantsMatched) break;
  }
  return kept;
}

/** An investor row of a list she edits, as candidateRows reads it. */
export interface Candidate {
  listId: number;
  investorId: number;
  email: string | null;
  website: string | null;
}

/** A row the mail is logged on, and whom of the mail it was matched by. */
export interface RowMatch {
  listId: number;
  investorId: number;
  match: 'exact' | 'likely';
}

/**
 * The rows a mail concerns: every row of an investor whose e-mail is a participant's, any case (exact); else, for a
 * participant no investor has the address of, the rows of the one investor whose firm's website is at its domain,
 * when exactly one is (likely). An investor on several lists is matched on each.
 */
export function matchRows(participants: MailParty[], candidates: Candidate[]): RowMatch[] {
  const byEmail = new Map<string, Candidate[]>();
  const byDomain = new Map<string, Candidate[]>();
  for (const candidate of candidates) {
    const email = candidate.email?.trim().toLowerCase();
    if (email) byEmail.set(email, [...(byEmail.get(email) ?? []), candidate]);
    const domain = websiteDomain(candidate.website);
    if (domain) byDomain.set(domain, [...(byDomain.get(domain) ?? []), candidate]);
  }
  const matched = new Map<string, RowMatch>();
  const put = (candidate: Candidate, match: RowMatch['match']) => {
    const key = `${candidate.listId}:${candidate.investorId}`;
    if (matched.get(key)?.match === 'exact') return;
    matched.set(key, { listId: candidate.listId, investorId: candidate.investorId, match });
  };
  for (const { address } of participants) {
    const exact = byEmail.get(address);
    if (exact) {
      exact.forEach((candidate) => put(candidate, 'exact'));
      continue;
    }
    const atDomain = byDomain.get(domainOf(address)) ?? [];
    if (new Set(atDomain.map((candidate) => candidate.investorId)).size === 1) atDomain.forEach((candidate) => put(candidate, 'likely'));
  }
  return [...matched.values()].sort((a, b) => a.listId - b.listId || a.investorId - b.investorId);
}

/** A candidate as the statement reads it, with its e-mail as the statement compared it (lower-cased): `key`. */
export interface ReadCandidate extends Candidate {
  key: string | null;
}

/**
 * The investor rows of the investor lists the user owns or edits whose e-mail is one of `participants'` (any case),
 * and, for the participants none of those has the address of, whose website is at one of their domains: catalogue
 * rows and the private contacts she sees (what matchRows chooses from). Each read goes through the investors' e-mail
 * or website-domain index, then her lists' rows of those few: its time does not grow with her lists or the
 * catalogue. The domains are read only when needed: a firm's domain can name thousands of the catalogue's investors.
 * `readByEmail`: her rows already read by e-mail for a set of addresses holding every participant's (read with her
 * account, intake.ts), of which those of the participants are kept: the e-mail read is then not made again.
 */
export async function candidateRows(db: Db, userId: number, participants: MailParty[], readByEmail?: ReadCandidate[]): Promise<Candidate[]> {
  if (participants.length === 0) return [];
  const wanted = new Set(participants.map((entry) => entry.address));
  const byEmail: Candidate[] = (
    readByEmail ? readByEmail.filter((row) => row.key !== null && wanted.has(row.key)) : await rowsMatching(db, userId, { emails: [...wanted], domains: [] })
  ).map(({ listId, investorId, email, website }) => ({ listId, investorId, email, website }));
  const found = new Set(byEmail.map((row) => row.email?.trim().toLowerCase()));
  const domains = [...new Set(participants.filter((entry) => !found.has(entry.address)).map((entry) => domainOf(entry.address)))];
  if (domains.length === 0) return byEmail;
  return [...byEmail, ...(await rowsMatching(db, userId, { emails: [], domains }))];
}

/**
 * The statement reading her rows of the investors whose e-mail is one of `emails` (lower case) or whose website is
 * at one of `domains`: list_id, investor_id, email, website, and key (the e-mail lower-cased).
 */
export function rowsMatchingSql(userId: number, { emails, domains }: { emails: string[]; domains: string[] }): SQL {
  // Arrays as parameters, not read from JSON in the statement: planned with their values, the statement is seen to
  // read a few rows (estimated from a subquery, it looked like 90,000 at 1M and PostgreSQL compiled it: 30 ms).
  const matches = (x: string) =>
    sql.join(
      [
        ...(emails.length > 0 ? [sql`(lower(${sql.raw(x)}.email) = ANY (${sql.param(emails)}::text[]) AND ${sql.raw(x)}.email <> 'NaN')`] : []),
        ...(domains.length > 0
          ? [sql`(fs_web_domain(${sql.raw(x)}.office_website) = ANY (${sql.param(domains)}::text[]) AND ${sql.raw(x)}.office_website <> 'NaN')`]
          : []),
      ],
      sql` OR `,
    );
  // MATERIALIZED, and her rows read by their key (list, investor): PGlite never analyzes, and a planner without
  // statistics would otherwise read every row of her lists, or every list's.
  return sql`
    WITH found AS MATERIALIZED (
      SELECT i.id, i.email, i.office_website FROM investors i WHERE ${matches('i')}
      UNION ALL
      SELECT p.id, p.email, p.office_website FROM private_contacts p
      WHERE p.owner_id IN ${ownersSheMaySee(userId)} AND (${matches('p')})
        AND ${seesInvestor(userId, { id: sql.raw('p.id'), owner: sql.raw('p.owner_id') })})
    SELECT li.list_id, li.investor_id, f.email, f.office_website AS website, lower(f.email) AS key
    FROM lists
    JOIN list_investors li ON li.list_id = lists.id AND li.investor_id = ANY (ARRAY(SELECT id FROM found))
    JOIN found f ON f.id = li.investor_id
    WHERE lists.list_type = 'investor' AND ${editsList(userId)}`;
}

/** Rows of rowsMatchingSql, as candidates. */
export function readCandidates(rows: Array<Record<string, unknown>>): ReadCandidate[] {
  return rows.map((row) => ({
    listId: Number(row.list_id),
    investorId: Number(row.investor_id),
    email: row.email as string | null,
    website: row.website as string | null,
    key: row.key as string | null,
  }));
}

/** Her rows of the investors whose e-mail is one of `emails` (lower case) or whose website is at one of `domains`. */
async function rowsMatching(db: Db, userId: number, wanted: { emails: string[]; domains: string[] }): Promise<Candidate[]> {
  return readCandidates(await queryRows(db, rowsMatchingSql(userId, wanted)));
}
