// The contact form's values as typed (text, the amounts with or without commas), and what the API is sent:
// a new contact's fields present, or an edit's changed fields, a cleared one as null.
import { isMissing, presentValues } from '@/lib/format';
import type { Investor } from '@/shared/api-types';
import { CONTACT_FIELDS, type ContactField, type ContactInput } from '@/shared/contacts';
import { groupThousands } from '@/shared/numbers';

export const CONTACT_LIST_FIELDS = ['stage_preferences', 'industry_preferences', 'geographic_preferences', 'type_of_financing'] as const;
export const CONTACT_AMOUNT_FIELDS = ['min_investment', 'max_investment'] as const;

type ListField = (typeof CONTACT_LIST_FIELDS)[number];
type AmountField = (typeof CONTACT_AMOUNT_FIELDS)[number];
type TextField = Exclude<ContactField, ListField | AmountField>;

export type ContactFormValues = Record<TextField | AmountField, string> & Record<ListField, string[]>;

/** What an edit sends: the fields changed, a field emptied as null. */
export type ContactPatch = { [F in ContactField]?: ContactInput[F] | null };

const isListField = (field: ContactField): field is ListField => (CONTACT_LIST_FIELDS as readonly string[]).includes(field);
const isAmountField = (field: ContactField): field is AmountField => (CONTACT_AMOUNT_FIELDS as readonly string[]).includes(field);

/** Whole dollars, commas allowed: "1,500,000". */
export const WHOLE_DOLLARS = /^\d[\d,]*$/;

/** The amount typed, in dollars; null when empty (or not a whole number, which the form refuses). */
export function dollars(typed: string | undefined): number | null {
  const text = (typed ?? '').trim();
  return WHOLE_DOLLARS.test(text) ? Number(text.replace(/,/g, '')) : null;
}

/** The form filled from a contact (an edit), or empty (a new one). Missing values ('NaN', null) show empty. */
export function contactFormValues(investor?: Investor): ContactFormValues {
  const values = {} as Record<ContactField, string | string[]>;
  for (const field of CONTACT_FIELDS) {
    const value: unknown = investor?.[field];
    if (isListField(field)) values[field] = Array.isArray(value) ? presentValues(value) : [];
    else if (isMissing(value)) values[field] = '';
    else values[field] = typeof value === 'number' ? groupThousands(value) : String(value);
  }
  return values as ContactFormValues;
}

function valueOf(values: ContactFormValues, field: ContactField): ContactInput[ContactField] | null {
  if (isListField(field)) return values[field];
  if (isAmountField(field)) return dollars(values[field]);
  const text = values[field].trim();
  return text === '' ? null : text;
}

/** A new contact: the names and every other field given (POST /investors). */
export function contactInputOf(values: ContactFormValues): ContactInput {
  const input: Record<string, unknown> = {};
  for (const field of CONTACT_FIELDS) {
    const value = valueOf(values, field);
    if (value !== null && !(Array.isArray(value) && value.length === 0)) input[field] = value;
  }
  return input as ContactInput;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An edit: the fields that differ from where the form started (PATCH /investors/{id}). */
export function contactPatchOf(values: ContactFormValues, initial: ContactFormValues): ContactPatch {
  const patch: Record<string, unknown> = {};
  for (const field of CONTACT_FIELDS) {
    const value = valueOf(values, field);
    if (!same(value, valueOf(initial, field))) patch[field] = value;
  }
  return patch as ContactPatch;
}
