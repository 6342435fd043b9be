// The keys an imported row is matched on, the same on both sides: the server matches with them (and the
// database's fs_* functions of migration 0011 compute the same keys from the catalogue's columns; a test
// checks they agree), the browser may use them to flag repeated rows before sending.
import { MISSING } from './vocabularies.js';

/** Words a firm's name may carry or drop without being another firm: "Acme Capital, LLC" is "Acme". */
export const FIRM_SUFFIXES = [
  'and', 'the', 'capital', 'ventures', 'venture', 'partners', 'partner', 'llc', 'llp', 'lp', 'inc', 'ltd', 'limited',
  'fund', 'funds', 'management', 'group', 'holdings', 'vc', 'co', 'corp', 'gmbh', 'plc', 'investments', 'advisors',
] as const;

const SUFFIX_WORDS = new RegExp(`\\b(${FIRM_SUFFIXES.join('|')})\\b`, 'g');

/** Lower case, without accents (NFD, combining marks removed), punctuation as single spaces; a missing value ''. */
export function foldText(value: string | null | undefined): string {
  if (value === null || value === undefined || value === MISSING) return '';
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A firm's name folded, its suffixes set aside. */
export function firmKey(firm: string | null | undefined): string {
  return foldText(firm).replace(SUFFIX_WORDS, ' ').replace(/ +/g, ' ').trim();
}

/** "first last|firm", folded; '' unless all three have something left. */
export function personKey(first: string | null | undefined, last: string | null | undefined, firm: string | null | undefined): string {
  const [f, l, k] = [foldText(first), foldText(last), firmKey(firm)];
  return f && l && k ? `${f} ${l}|${k}` : '';
}

/** A website's domain: lower case, without scheme, "www.", port, path, query or fragment; '' for none. */
export function webDomain(website: string | null | undefined): string {
  if (website === null || website === undefined || website === MISSING) return '';
  return website
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\.|[/:?#][\s\S]*$/g, '');
}

/** A website's domain as `webDomain` reads it, or null where that is no host ("n/a", "NaN", ""): what a mail is matched on. */
export function websiteDomain(website: string | null | undefined): string | null {
  const domain = webDomain(website);
  return domain.includes('.') ? domain : null;
}

/** An e-mail as matched: trimmed, any case. */
export function emailKey(email: string | null | undefined): string {
  if (email === null || email === undefined || email === MISSING) return '';
  return email.trim().toLowerCase();
}
