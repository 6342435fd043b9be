// What a private contact's fields may hold, checked the same for a contact made by hand and one made by an
// import: each problem is named by its field, so an import can list them by row. A rule the contact form checks
// too is worded as the form words it (CONTACT_MESSAGES), and fields are named by the form's labels.
import { checkRangeHolds, CONTACT_FIELDS, CONTACT_LABELS as LABELS, CONTACT_MESSAGES, CONTACT_TEXT_MAX, type ContactField } from '../../../shared/contacts.js';
import { INVESTOR_FIELDS } from '../../../shared/catalogue-fields.js';
import { EMAIL_PATTERN, STORED_EMAIL_PATTERN } from '../../../shared/form-rules.js';
import { MISSING } from '../../../shared/vocabularies.js';
import { webDomain } from '../../../shared/contact-keys.js';
import type { privateContacts } from '../../db/schema.js';

export interface FieldError {
  field: string;
  detail: string;
}

/** A contact's columns as stored: texts 'NaN' when missing, numbers null, lists []. */
export type StoredContact = Pick<typeof privateContacts.$inferInsert, ContactField>;

/** A million million dollars: beyond any cheque. */
const AMOUNT_LIMIT = 1_000_000_000_000;
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** What a field holds when missing. */
export function missingValue(field: ContactField): string | null | string[] {
  const { kind } = INVESTOR_FIELDS[field];
  return kind === 'number' ? null : kind === 'list' ? [] : MISSING;
}

function checkText(field: ContactField, value: unknown, errors: FieldError[]): string | undefined {
  if (value === null || value === undefined) return MISSING;
  if (typeof value !== 'string') return void errors.push({ field, detail: `${LABELS[field]} must be text` });
  const text = value.trim();
  if (text === '') return MISSING;
  if (text.length > CONTACT_TEXT_MAX) {
    return void errors.push({ field, detail: CONTACT_MESSAGES.tooLong(field) });
  }
  if (CONTROL.test(text)) return void errors.push({ field, detail: `${LABELS[field]} must be one line of text` });
  const spec = INVESTOR_FIELDS[field];
  if (spec.kind === 'email' && !STORED_EMAIL_PATTERN.test(text)) {
    const detail = EMAIL_PATTERN.test(text) ? CONTACT_MESSAGES.emailCharacters : CONTACT_MESSAGES.emailInvalid;
    return void errors.push({ field, detail });
  }
  if (field === 'office_website' && !DOMAIN.test(webDomain(text))) {
    return void errors.push({ field, detail: CONTACT_MESSAGES.websiteInvalid });
  }
  if (spec.kind === 'choice' && !(spec.vocabulary as readonly string[]).includes(text)) {
    return void errors.push({ field, detail: `${LABELS[field]} must be one of: ${spec.vocabulary.join(', ')}` });
  }
  return text;
}

function checkList(field: ContactField, value: unknown, errors: FieldError[]): string[] | undefined {
  if (value === null || value === undefined) return [];
  const vocabulary = (INVESTOR_FIELDS[field] as { vocabulary: readonly string[] }).vocabulary;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    return void errors.push({ field, detail: `${LABELS[field]} must be a list of texts` });
  }
  const unknown = (value as string[]).filter((item) => !vocabulary.includes(item));
  if (unknown.length > 0) {
    return void errors.push({ field, detail: `${LABELS[field]}: '${unknown[0].slice(0, 40)}' is not one of: ${vocabulary.join(', ')}` });
  }
  return [...new Set(value as string[])];
}

function checkAmount(field: ContactField, value: unknown, errors: FieldError[]): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > AMOUNT_LIMIT) {
    return void errors.push({ field, detail: `${LABELS[field]} must be a number of dollars from 0 to ${AMOUNT_LIMIT.toLocaleString('en-US')}` });
  }
  return value;
}

/**
 * Checks the contact fields `input` has (those it lacks are left out of `values`; a field it gives as null or ''
 * is missing) and answers them as stored, with every problem found. A new contact (`whole`) needs a first and a
 * last name, and so does a name sent in a change (unless `requireNames` says otherwise: an imported row may have
 * only an e-mail); `current` is the stored contact a change applies to, for the check of minimum ≤ maximum.
 */
export function checkContactFields(
  input: Partial<Record<ContactField, unknown>>,
  options: { whole: boolean; current?: StoredContact; requireNames?: boolean },
): { values: Partial<StoredContact>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values: Record<string, unknown> = {};
  for (const field of CONTACT_FIELDS) {
    if (!Object.hasOwn(input, field)) {
      if (options.whole) values[field] = missingValue(field);
      continue;
    }
    const { kind } = INVESTOR_FIELDS[field];
    const value = input[field];
    const checked =
      kind === 'list' ? checkList(field, value, errors) : kind === 'number' ? checkAmount(field, value, errors) : checkText(field, value, errors);
    if (checked !== undefined) values[field] = checked;
  }
  for (const field of ['first_name', 'last_name'] as const) {
    const given = options.requireNames ?? (Object.hasOwn(input, field) || options.whole);
    if (given && values[field] === MISSING && !errors.some((e) => e.field === field)) {
      errors.push({ field, detail: field === 'first_name' ? CONTACT_MESSAGES.firstNameRequired : CONTACT_MESSAGES.lastNameRequired });
    }
  }
  const min = (Object.hasOwn(values, 'min_investment') ? values.min_investment : options.current?.min_investment) as number | null | undefined;
  const max = (Object.hasOwn(values, 'max_investment') ? values.max_investment : options.current?.max_investment) as number | null | undefined;
  if (!checkRangeHolds(min, max)) errors.push({ field: 'max_investment', detail: CONTACT_MESSAGES.rangeReversed });
  return { values: values as Partial<StoredContact>, errors };
}
