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
  return fillMissing(catalogue, { ...row });
}

/** toWire in place, for a copy of the row the caller has just made. */
export function fillMissing(catalogue: Catalogue, row: Record<string, unknown>): WireRow {
  for (const column of catalogue.numericColumns) {
    if (row[column] === null || row[column] === undefined) row[column] = MISSING;
  }
  return row as WireRow;
}
