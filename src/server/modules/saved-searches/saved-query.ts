// A saved search's query: validated as its kind's search validates its query string (the same schema,
// without paging), and read back into that search's filter, narrowed to the rows added in a window.
import type { SavedSearchKind, SavedSearchQuery } from '../../../shared/saved-searches.js';
import type { FitProfile } from '../../../shared/fit.js';
import { queryValidator } from '../../plugins/validation.js';
import { HttpError } from '../../plugins/error-handler.js';
import { fundCatalogue, investorCatalogue, type Catalogue } from '../catalogue/catalogues.js';
import { searchKeysSchema } from '../catalogue/schemas.js';
import { readSearchFilter, type SearchFilter } from '../catalogue/search-sql.js';
import { FIT_NEEDS_PROFILE, type FitQuery, fitQueryOf, usesFit } from '../catalogue/facet-index.js';
import type { AddedWindow } from '../catalogue/added-order.js';

export const CATALOGUES: Record<SavedSearchKind, Catalogue> = { investors: investorCatalogue, funds: fundCatalogue };

const validators = {
  investors: queryValidator(searchKeysSchema(investorCatalogue)),
  funds: queryValidator(searchKeysSchema(fundCatalogue)),
};

/**
 * The query as its search would take it (one value of a list key becomes a list, a number in text a
 * number, as from a URL), or a 422 naming the key. Keys of fit need the profile.
 */
export function validSavedQuery(kind: SavedSearchKind, query: SavedSearchQuery, hasProfile: boolean): SavedSearchQuery {
  const copy = structuredClone(query);
  const validate = validators[kind];
  if (!validate(copy)) {
    const errors = validate.errors!.map((error) => ({ ...error, instancePath: `/query${error.instancePath}` }));
    // Answered as every validation error is (plugins/error-handler.ts).
    throw Object.assign(new Error('The saved query is not valid'), { validation: errors, validationContext: 'body' });
  }
  if (usesFit(copy) && !hasProfile) throw new HttpError(422, FIT_NEEDS_PROFILE);
  return copy;
}

/** The saved search as its kind's search, narrowed to the rows added in `window`, with its fit when it has a profile. */
export function savedSearchFilter(
  kind: SavedSearchKind,
  query: SavedSearchQuery,
  window: AddedWindow,
  profile: FitProfile | null,
): { filter: SearchFilter; fit?: FitQuery } {
  const filter = { ...readSearchFilter(CATALOGUES[kind], query), added: window };
  // A query is saved with its fit keys only when there is a profile, and a profile is never removed.
  return profile && usesFit(query) ? { filter, fit: fitQueryOf(query, profile) } : { filter };
}
