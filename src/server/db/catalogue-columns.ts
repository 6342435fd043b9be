// The database columns of a catalogue table, made from its field table (shared/catalogue-fields.ts):
// texts NOT NULL ('NaN' when missing), numbers nullable (NULL when missing), lists text[] ('{}' when empty).
import { sql } from 'drizzle-orm';
import { doublePrecision, integer, text } from 'drizzle-orm/pg-core';
import type { FieldSpec, FieldTable } from '../../shared/catalogue-fields.js';
import { MISSING } from '../../shared/vocabularies.js';

const idColumn = () => integer().primaryKey().generatedByDefaultAsIdentity();
const textColumn = () => text().notNull();
const textDefaultMissingColumn = () => text().notNull().default(MISSING);
const numberColumn = () => doublePrecision();
const integerColumn = () => integer();
const listColumn = () => text().array().notNull().default(sql`'{}'::text[]`);

type ColumnOf<S extends FieldSpec> = S['kind'] extends 'id'
  ? ReturnType<typeof idColumn>
  : S['kind'] extends 'number'
    ? ReturnType<typeof numberColumn>
    : S['kind'] extends 'integer'
      ? ReturnType<typeof integerColumn>
      : S['kind'] extends 'list'
        ? ReturnType<typeof listColumn>
        : S extends { defaultMissing: true }
          ? ReturnType<typeof textDefaultMissingColumn>
          : ReturnType<typeof textColumn>;

function columnOf(spec: FieldSpec) {
  switch (spec.kind) {
    case 'id':
      return idColumn();
    case 'number':
      return numberColumn();
    case 'integer':
      return integerColumn();
    case 'list':
      return listColumn();
    default:
      return spec.defaultMissing ? textDefaultMissingColumn() : textColumn();
  }
}

/** One column a field, named as the field, in the field table's order. */
export function catalogueColumns<F extends FieldTable>(fields: F): { [K in keyof F]: ColumnOf<F[K]> } {
  return Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, columnOf(spec)])) as {
    [K in keyof F]: ColumnOf<F[K]>;
  };
}
