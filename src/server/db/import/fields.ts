// The columns an import file may have: the SPEC §3 field names of investors and funds, and how each
// cell is read.
import { FINANCING_TYPES, FIRM_TYPES, GENDERS, GEOGRAPHIES, INDUSTRIES, STAGES } from '../../../shared/vocabularies.js';

export type FieldKind = 'id' | 'text' | 'email' | 'number' | 'integer' | 'list' | 'choice';

export interface Field {
  name: string;
  kind: FieldKind;
  /** The allowed values of a 'choice' or of each item of a 'list'. */
  vocabulary?: readonly string[];
  /** A new row must have it (an update may leave it out). */
  required?: boolean;
}

export type ImportKind = 'investors' | 'funds';

const text = (name: string, required = false): Field => ({ name, kind: 'text', required });
const email = (name: string): Field => ({ name, kind: 'email' });
const money = (name: string): Field => ({ name, kind: 'number' });
const count = (name: string): Field => ({ name, kind: 'integer' });
const list = (name: string, vocabulary: readonly string[]): Field => ({ name, kind: 'list', vocabulary });
const choice = (name: string, vocabulary: readonly string[]): Field => ({ name, kind: 'choice', vocabulary });

export const INVESTOR_FIELDS: readonly Field[] = [
  { name: 'id', kind: 'id' },
  text('first_name', true),
  text('last_name', true),
  text('contact_title'),
  email('email'),
  choice('gender', GENDERS),
  text('phone'),
  text('firm_name'),
  choice('type_of_firm', FIRM_TYPES),
  text('office_website'),
  money('capital_managed'),
  money('min_investment'),
  money('max_investment'),
  count('number_of_investors'),
  list('type_of_financing', FINANCING_TYPES),
  list('geographic_preferences', GEOGRAPHIES),
  list('stage_preferences', STAGES),
  list('industry_preferences', INDUSTRIES),
  text('city'),
  text('state'),
  text('country'),
];

export const FUND_FIELDS: readonly Field[] = [
  { name: 'id', kind: 'id' },
  text('firm_name', true),
  text('full_name'),
  text('title'),
  email('firm_email'),
  text('firm_phone'),
  text('firm_website'),
  choice('firm_type', FIRM_TYPES),
  money('capital_managed'),
  money('min_investment'),
  money('max_investment'),
  list('financing_type', FINANCING_TYPES),
  list('geographic_preferences', GEOGRAPHIES),
  list('stage_preferences', STAGES),
  list('industry_preferences', INDUSTRIES),
  email('contact_email'),
  text('contact_phone'),
  text('firm_address'),
  text('firm_state'),
  text('firm_country'),
  // Beyond SPEC §3, optional: what the city, number-of-investors and gender-ratio filters read.
  // Without firm_city the city is taken from firm_address ("street, city, state zip").
  text('firm_city'),
  count('number_of_investors'),
  count('women_investors'),
];

export const FIELDS: Record<ImportKind, readonly Field[]> = { investors: INVESTOR_FIELDS, funds: FUND_FIELDS };
