// Private contacts: investors the catalogue lacks, added by a founder by hand or from an import. A private
// contact is an investor (an investor id from the catalogue's id space, the investor's fields) with
// `private: true`; its owner and the members of a list holding it see it, nobody else; the catalogue's
// search, filters and counts never include one.
import type { Investor } from './api-types.js';
import type { INVESTOR_FIELDS } from './catalogue-fields.js';

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

/** The contact form's field labels; its messages name fields by them, and so may the server's details. */
export const CONTACT_LABELS: Record<ContactField, string> = {
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  contact_title: 'Title',
  firm_name: 'Firm',
  office_website: 'Website',
  phone: 'Phone',
  city: 'City',
  state: 'State',
  country: 'Country',
  type_of_firm: 'Type of firm',
  stage_preferences: 'Stage preferences',
  industry_preferences: 'Industry preferences',
  geographic_preferences: 'Geographic preferences',
  type_of_financing: 'Financing types',
  min_investment: 'Min. investment',
  max_investment: 'Max. investment',
};

/** A contact's rules in words, as the form says them while you type (the sign-up form's words for the names and e-mail). */
export const CONTACT_MESSAGES = {
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  emailInvalid: 'Invalid email',
  emailCharacters: 'Email cannot hold ?, & or %',
  websiteInvalid: 'Invalid website: give its address, such as acme.vc',
  tooLong: (field: ContactField) => `${CONTACT_LABELS[field]} must be at most ${CONTACT_TEXT_MAX} characters`,
  notWholeDollars: (field: ContactField) => `${CONTACT_LABELS[field]} must be a whole number of dollars, e.g. 500,000`,
  notInVocabulary: (field: ContactField) => `Choose ${CONTACT_LABELS[field]} from the list`,
  rangeReversed: 'Min. investment must not be more than Max. investment',
} as const;

/** A check range holds when either end is missing or min ≤ max. */
export function checkRangeHolds(min: number | null | undefined, max: number | null | undefined): boolean {
  return min === null || min === undefined || max === null || max === undefined || min <= max;
}
