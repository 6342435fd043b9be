import type { Fund, Investor } from '../../../shared/api-types.js';
import { MISSING } from '../../../shared/vocabularies.js';
import type { Catalogue } from './catalogues.js';

/** A row as answered: an investor or a fund, by the catalogue it was read from. */
export type WireRow = Investor | Fund;

/**
 * A row read from the catalogue's wire columns, as answered: missing numbers are NULL in the database
 * and the text 'NaN' on the wire, as imported data has them.
 */
export function toWire(catalogue: Catalogue, row: Record<string, unknown>): WireRow {
  const out = { ...row };
  for (const column of catalogue.numericColumns) {
    if (out[column] === null || out[column] === undefined) out[column] = MISSING;
  }
  return out as WireRow;
}
