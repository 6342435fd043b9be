// Private contacts: investors the catalogue lacks, added by a founder by hand or from an import. A private
// contact is an investor (an investor id from the catalogue's id space, the investor's fields) with
// `private: true`; its owner and the members of a list holding it see it, nobody else; the catalogue's
// search, filters and counts never include one.
import type { Investor } from './api-types.js';
import { INVESTOR_FIELDS } from './catalogue-fields.js';

/** POST /api/v1/investors creates one; GET /api/v1/contacts lists the caller's (paged, `search`). */
export const INVESTORS_PATH = '/investors';
export const CONTACTS_PATH = '/contacts';
export const investorPath = (id: number) => `/investors/${id}`;

/** The investor fields a private contact takes: first and last name required, the rest optional. */
export const CONTACT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'contact_title',
  'firm_name',
  'office_website',
  'phone',
  'city',
  'state',
  'country',
  'type_of_firm',
  'stage_preferences',
  'industry_preferences',
  'geographic_preferences',
  'type_of_financing',
  'min_investment',
  'max_investment',
] as const satisfies readonly (keyof typeof INVESTOR_FIELDS)[];
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** What POST /investors takes and PATCH /investors/{id} takes in part; a missing optional field is null. */
export type ContactInput = Partial<Pick<Investor, ContactField>> & Pick<Investor, 'first_name' | 'last_name'>;

/** The longest text a contact's text field holds. */
export const CONTACT_TEXT_MAX = 200;
/** Private contacts one account may own. */
export const CONTACTS_PER_USER_MAX = 20_000;

/** An investor as the API answers it: a private contact carries `private: true`, a catalogue row nothing. */
export type InvestorWithPrivacy = Investor & { private?: true };

export function isPrivateContact(row: object): boolean {
  return (row as { private?: unknown }).private === true;
}
