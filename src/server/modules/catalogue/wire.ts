import { MISSING } from '../../../shared/vocabularies.js';
import type { Catalogue } from './catalogues.js';

export type WireRow = Record<string, unknown>;

/** Missing numbers are NULL in the database and the text 'NaN' on the wire, as imported data has them. */
export function toWire(catalogue: Catalogue, row: WireRow): WireRow {
  const out: WireRow = { ...row };
  for (const column of catalogue.numericColumns) {
    if (out[column] === null || out[column] === undefined) out[column] = MISSING;
  }
  return out;
}
