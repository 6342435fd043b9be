// The one definition of the catalogue's fields: each investor and fund column, in wire order, and what
// kind of value it holds. The database columns (server/db/schema.ts), the API's row schemas and their
// TypeScript types (catalogue-row-schemas.ts), the order rows are answered in and the import's rules are all
// read from here. Plain data, no TypeBox: the client reads it too.
// Adding a field is one line here plus a migration (src/server/README.md, "Adding a field").
import { FINANCING_TYPES, FIRM_TYPES, GENDERS, GEOGRAPHIES, INDUSTRIES, STAGES } from './vocabularies.js';

export type FieldKind = 'id' | 'text' | 'email' | 'choice' | 'number' | 'integer' | 'list';

export interface FieldSpec {
  kind: FieldKind;
  /** The allowed values of a 'choice' or of each item of a 'list' (the import refuses others). */
  vocabulary?: readonly string[];
  /** An imported new row must have it (an update may leave it out). */
  required?: boolean;
  /** Stored and imported but not answered by the API (false); answered by default. */
  wire?: false;
  /** A text column whose rows, when written without it, hold 'NaN' (a field added to a filled table). */
  defaultMissing?: true;
}

export type FieldTable = Readonly<Record<string, FieldSpec>>;

/** Capital managed and the check size, which both kinds have, in this order. */
const AMOUNT_FIELDS = {
  capital_managed: { kind: 'number' },
  min_investment: { kind: 'number' },
  max_investment: { kind: 'number' },
} as const satisfies FieldTable;

/** The geographic, stage and industry preferences, which both kinds have, in this order. */
const PREFERENCE_FIELDS = {
  geographic_preferences: { kind: 'list', vocabulary: GEOGRAPHIES },
  stage_preferences: { kind: 'list', vocabulary: STAGES },
  industry_preferences: { kind: 'list', vocabulary: INDUSTRIES },
} as const satisfies FieldTable;

export const INVESTOR_FIELDS = {
  id: { kind: 'id' },
  first_name: { kind: 'text', required: true },
  last_name: { kind: 'text', required: true },
  contact_title: { kind: 'text' },
  email: { kind: 'email' },
  gender: { kind: 'choice', vocabulary: GENDERS },
  phone: { kind: 'text' },
  firm_name: { kind: 'text' },
  type_of_firm: { kind: 'choice', vocabulary: FIRM_TYPES },
  office_website: { kind: 'text' },
  ...AMOUNT_FIELDS,
  number_of_investors: { kind: 'integer' },
  type_of_financing: { kind: 'list', vocabulary: FINANCING_TYPES },
  ...PREFERENCE_FIELDS,
  city: { kind: 'text' },
  state: { kind: 'text' },
  country: { kind: 'text' },
} as const satisfies FieldTable;

export const FUND_FIELDS = {
  id: { kind: 'id' },
  firm_name: { kind: 'text', required: true },
  full_name: { kind: 'text' },
  title: { kind: 'text' },
  firm_email: { kind: 'email' },
  firm_phone: { kind: 'text' },
  firm_website: { kind: 'text' },
  firm_type: { kind: 'choice', vocabulary: FIRM_TYPES },
  ...AMOUNT_FIELDS,
  financing_type: { kind: 'list', vocabulary: FINANCING_TYPES },
  ...PREFERENCE_FIELDS,
  contact_email: { kind: 'email' },
  contact_phone: { kind: 'text' },
  firm_address: { kind: 'text' },
  firm_state: { kind: 'text' },
  firm_country: { kind: 'text' },
  // What the city, number-of-investors and gender-ratio filters read; not answered. An import without
  // firm_city takes the city from firm_address ("street, city, state zip").
  firm_city: { kind: 'text', wire: false, defaultMissing: true },
  number_of_investors: { kind: 'integer', wire: false },
  women_investors: { kind: 'integer', wire: false },
} as const satisfies FieldTable;

export const CATALOGUE_FIELDS = { investors: INVESTOR_FIELDS, funds: FUND_FIELDS } as const;
export type CatalogueName = keyof typeof CATALOGUE_FIELDS;

/** The names of the fields answered on the wire, in order. */
export type WireFieldName<F extends FieldTable> = {
  [K in keyof F]: F[K] extends { wire: false } ? never : K;
}[keyof F] &
  string;

export function wireFieldNames<F extends FieldTable>(fields: F): WireFieldName<F>[] {
  return Object.keys(fields).filter((name) => fields[name].wire !== false) as WireFieldName<F>[];
}
