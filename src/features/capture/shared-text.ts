// What a share into the app (the phone's share sheet: a mail's text, a link, a contact card) says about
// who it is with: the e-mail addresses and website domains in it, and the rows of the founder's lists
// they point at, as the server matches captured mail: an address exactly (any case); else a domain (of an
// address or a link) to the website domain of an investor's or fund's firm. The founder's own domain never
// matches (her co-founders' mail).
import type { ListItem, ListType } from '@/shared/api-types';
import { websiteDomain } from '@/shared/contact-keys';

export interface SharedClues {
  /** Lower-case addresses, in the order met, each once. */
  emails: string[];
  /** Lower-case domains without `www.`, of the addresses and links, each once. */
  domains: string[];
}

const EMAIL = /[a-z0-9._%+'-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
/** A link with a scheme, or a bare `www.` host. */
const LINK = /\b(?:https?:\/\/[^\s<>"')\]]+|www\.[a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;

export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The addresses and domains in what was shared (its title, text and link, in any mix). */
export function sharedClues(...parts: Array<string | null | undefined>): SharedClues {
  const text = parts.filter(Boolean).join('\n');
  const emails = unique([...text.matchAll(EMAIL)].map(([email]) => email.toLowerCase().replace(/^mailto:/, '')));
  // A link's host, but not an address's tail mistaken for one.
  const withoutEmails = text.replace(EMAIL, ' ');
  const linkDomains = [...withoutEmails.matchAll(LINK)].map(([link]) => websiteDomain(link));
  const domains = unique([...emails.map(emailDomain), ...linkDomains].filter((domain): domain is string => domain !== null));
  return { emails, domains };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** A row of one of the founder's lists, where a touch can be logged. */
export interface ShareRow {
  listId: number;
  listName: string;
  listType: ListType;
  item: ListItem;
}

export interface ShareMatch {
  row: ShareRow;
  /** 'exact': an address in the share is the row's; 'likely': a domain in it is the row's website's. */
  match: 'exact' | 'likely';
}

/** The e-mail addresses of a row: an investor's, or a fund's firm and contact addresses. */
export function rowEmails(item: ListItem): string[] {
  const values = 'email' in item ? [item.email] : [item.firm_email, item.contact_email];
  return values.map((value) => value.trim().toLowerCase()).filter(Boolean);
}

/** The domain of a row's website, or null. */
export function rowDomain(item: ListItem): string | null {
  return websiteDomain('office_website' in item ? item.office_website : item.firm_website);
}

/**
 * The rows the share points at: those holding one of its addresses; when none does, those whose website's
 * domain is one of its domains (not the founder's own). A row on several lists is found on each.
 */
export function matchSharedRows(rows: ShareRow[], clues: SharedClues, ownEmail?: string): ShareMatch[] {
  const emails = new Set(clues.emails);
  const exact = rows.filter((row) => rowEmails(row.item).some((email) => emails.has(email)));
  if (exact.length > 0) return exact.map((row) => ({ row, match: 'exact' }));
  const own = ownEmail ? emailDomain(ownEmail) : null;
  const domains = new Set(clues.domains.filter((domain) => domain !== own));
  if (domains.size === 0) return [];
  return rows.filter((row) => domains.has(rowDomain(row.item) ?? '')).map((row) => ({ row, match: 'likely' }));
}

/** A row's name as the lists show it: an investor's first and last name, a fund's firm. */
export function rowName(item: ListItem): string {
  return 'first_name' in item ? `${item.first_name} ${item.last_name}`.trim() : item.firm_name;
}

/** A row's firm (a fund's full name), for telling two rows apart; may be empty. */
export function rowFirm(item: ListItem): string {
  return 'first_name' in item ? item.firm_name : item.full_name;
}
