import { Type, type TSchema } from '@sinclair/typebox';
import { CONTACT_FIELDS, CONTACT_TEXT_MAX, CONTACTS_PER_USER_MAX } from '../../../shared/contacts.js';
import { INVESTOR_FIELDS } from '../../../shared/catalogue-fields.js';
import { InvestorRow } from '../../../shared/catalogue-row-schemas.js';
import { FitSchema, pagedSchema, pagingSchema } from '../catalogue/schemas.js';
import { idParams, nullable, userCall, userChange } from '../../plugins/validation.js';

/** What a private contact carries beside an investor's fields (a catalogue row carries neither). */
export const contactProperties = {
  private: Type.Optional(Type.Boolean({ description: 'A private contact: seen by its owner and the members of a list holding it' })),
  list_count: Type.Optional(Type.Integer({ description: "On how many lists the contact is (answered to its owner)" })),
};

const ContactSchema = Type.Object({ ...InvestorRow.properties, fit: FitSchema, ...contactProperties });

/**
 * The JSON types of a contact's fields, each also null (missing); their rules (vocabularies, e-mail, website,
 * minimum ≤ maximum, lengths after trimming) are checked by contact-fields.ts, so that an import names them by row.
 * `textMax` bounds a text before that.
 */
export function contactFieldSchemas(textMax: number): Record<string, TSchema> {
  return Object.fromEntries(
    CONTACT_FIELDS.map((field) => {
      const spec = INVESTOR_FIELDS[field];
      const value =
        spec.kind === 'list'
          ? Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100, description: `Of: ${spec.vocabulary.join(', ')}` })
          : spec.kind === 'number'
            ? Type.Number({ description: 'US dollars' })
            : Type.String({
                maxLength: textMax,
                ...(spec.kind === 'choice' && { description: `One of: ${spec.vocabulary.join(', ')}` }),
                ...(spec.kind === 'email' && { description: 'An e-mail address' }),
              });
      return [field, Type.Optional(nullable(value))];
    }),
  );
}

const fields = contactFieldSchemas(CONTACT_TEXT_MAX);
const required = { first_name: Type.String({ maxLength: CONTACT_TEXT_MAX }), last_name: Type.String({ maxLength: CONTACT_TEXT_MAX }) };

export const createContactSchema = userChange({
  tags: ['Private contacts'],
  summary: 'Add an investor the catalogue lacks: a private contact',
  description:
    `First and last name are required, every other field optional (null or left out: missing). At most ` +
    `${CONTACTS_PER_USER_MAX.toLocaleString('en-US')} per account (422). Only its owner, and the members of a list ` +
    'holding it while it does, see it; the catalogue’s search never shows it.',
  body: Type.Object({ ...fields, ...required }, { additionalProperties: false }),
  response: { 201: ContactSchema },
});

export const updateContactSchema = userChange({
  tags: ['Private contacts'],
  summary: 'Change a private contact (its owner only)',
  description: 'The fields sent, each as POST /investors checks it. A catalogue investor is a 403, a contact the caller may not see a 404.',
  params: idParams,
  body: Type.Object(fields, { additionalProperties: false, minProperties: 1 }),
  response: { 200: ContactSchema },
});

export const deleteContactSchema = userChange({
  tags: ['Private contacts'],
  summary: 'Delete a private contact (its owner only): it leaves every list holding it',
  description: 'Each list logs the removal and tells its open pages. `list_count` on GET /investors/{id} says how many lists first.',
  params: idParams,
  response: { 204: Type.Null() },
});

export const ownContactsSchema = userCall({
  tags: ['Private contacts'],
  summary: "The caller's private contacts, newest first, a page at a time",
  description: '`search` keeps those whose name, firm, e-mail or city holds it (any case).',
  querystring: Type.Object({ ...pagingSchema, search: Type.Optional(Type.String({ maxLength: CONTACT_TEXT_MAX })) }, { additionalProperties: false }),
  response: { 200: pagedSchema(ContactSchema) },
});
