// The contact form's rules (shared/contacts.ts words them): first and last name required, a real e-mail and website,
// each text at most CONTACT_TEXT_MAX, choices from their vocabularies, amounts in whole dollars with
// min ≤ max. Checked on every change; the server checks the same again.
import * as yup from 'yup';
import { checkRangeHolds, CONTACT_MESSAGES as M, CONTACT_TEXT_MAX, type ContactField } from '@/shared/contacts';
import { EMAIL_PATTERN, STORED_EMAIL_PATTERN } from '@/shared/form-rules';
import { FINANCING_TYPES, FIRM_TYPES, GEOGRAPHIES, INDUSTRIES, STAGES } from '@/shared/vocabularies';
import { dollars, WHOLE_DOLLARS } from './contact-values';

/** A website as an address with a domain: "acme.vc", "https://www.acme.vc/team". */
const WEBSITE = /^(https?:\/\/)?[a-z0-9-]+(\.[a-z0-9-]+)+([/:?#]\S*)?$/i;

const text = (field: ContactField) => yup.string().trim().max(CONTACT_TEXT_MAX, M.tooLong(field));

/** A multi-select's values, all from its vocabulary: one message for the field, not one per value. */
const choices = (field: ContactField, vocabulary: readonly string[]) =>
  yup
    .array(yup.string().required())
    .test('vocabulary', M.notInVocabulary(field), (values) => (values ?? []).every((value) => vocabulary.includes(value)));

const amount = (field: ContactField) =>
  yup.string().test('whole-dollars', M.notWholeDollars(field), (value) => !value?.trim() || WHOLE_DOLLARS.test(value.trim()));

export const contactSchema = yup.object({
  first_name: text('first_name').required(M.firstNameRequired),
  last_name: text('last_name').required(M.lastNameRequired),
  email: text('email')
    .matches(EMAIL_PATTERN, { message: M.emailInvalid, excludeEmptyString: true })
    .matches(STORED_EMAIL_PATTERN, { message: M.emailCharacters, excludeEmptyString: true }),
  contact_title: text('contact_title'),
  firm_name: text('firm_name'),
  office_website: text('office_website').test('address', M.websiteInvalid, (value) => !value || WEBSITE.test(value)),
  phone: text('phone'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  type_of_firm: yup.string().oneOf(['', ...FIRM_TYPES], M.notInVocabulary('type_of_firm')),
  stage_preferences: choices('stage_preferences', STAGES),
  industry_preferences: choices('industry_preferences', INDUSTRIES),
  geographic_preferences: choices('geographic_preferences', GEOGRAPHIES),
  type_of_financing: choices('type_of_financing', FINANCING_TYPES),
  min_investment: amount('min_investment'),
  // The range is checked on the max, the field typed last.
  max_investment: amount('max_investment').test('range', M.rangeReversed, function (max) {
    return checkRangeHolds(dollars(this.parent.min_investment), dollars(max));
  }),
});
