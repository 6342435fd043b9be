// The columns an import file may have, and how each cell is read: the catalogue's field table
// (shared/catalogue-fields.ts), every stored field, answered on the wire or not.
import { CATALOGUE_FIELDS, type CatalogueName, type FieldSpec } from '../../../shared/catalogue-fields.js';

export interface Field extends FieldSpec {
  name: string;
}

export type ImportKind = CatalogueName;

const fieldList = (kind: ImportKind): readonly Field[] =>
  Object.entries(CATALOGUE_FIELDS[kind]).map(([name, spec]: [string, FieldSpec]) => ({ name, ...spec }));

export const FIELDS: Record<ImportKind, readonly Field[]> = { investors: fieldList('investors'), funds: fieldList('funds') };
