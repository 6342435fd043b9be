// The API's row schemas (TypeBox), built from the catalogue's field table. Apart from catalogue-fields.ts so that
// the client, which reads the table, never bundles TypeBox.
import { type TArray, type TInteger, type TObject, type TString, type TUnsafe, Type } from '@sinclair/typebox';
import { FUND_FIELDS, INVESTOR_FIELDS, type FieldSpec, type FieldTable, type WireFieldName, wireFieldNames } from './catalogue-fields.js';

/** Missing numbers are NULL in the database and the text 'NaN' on the wire, as imported data has them. */
type MaybeNumber = TUnsafe<number | string>;

type WireSchemaOf<S extends FieldSpec> = S['kind'] extends 'id'
  ? TInteger
  : S['kind'] extends 'number' | 'integer'
    ? MaybeNumber
    : S['kind'] extends 'list'
      ? TArray<TString>
      : TString;

function wireSchemaOf(spec: FieldSpec) {
  switch (spec.kind) {
    case 'id':
      return Type.Integer();
    case 'number':
    case 'integer':
      return Type.Unsafe<number | string>({ type: ['number', 'string'], description: "A number, or 'NaN' when missing" });
    case 'list':
      return Type.Array(Type.String());
    default:
      return Type.String();
  }
}

export type WireRowSchema<F extends FieldTable> = TObject<{ [K in WireFieldName<F>]: WireSchemaOf<F[K]> }>;

/** The JSON schema of one answered row: every wire field, required, in order. */
export function wireRowSchema<F extends FieldTable>(fields: F): WireRowSchema<F> {
  const properties = Object.fromEntries(wireFieldNames(fields).map((name) => [name, wireSchemaOf(fields[name])]));
  return Type.Object(properties) as unknown as WireRowSchema<F>;
}

export const InvestorRow = wireRowSchema(INVESTOR_FIELDS);
export const FundRow = wireRowSchema(FUND_FIELDS);
