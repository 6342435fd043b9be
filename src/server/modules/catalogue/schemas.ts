// Schemas of the catalogue calls: they validate what comes in and shape what goes out. A row's schema
// is its field table's (shared/catalogue-fields.ts); the search keys are its facets'.
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { FIT_CRITERIA, FIT_SORT, FIT_VERDICTS } from '../../../shared/fit.js';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../../shared/constants.js';
import { ladderValues } from '../../../shared/filter-buckets.js';
import { stringEnum } from '../../plugins/validation.js';
import type { Catalogue, Facet } from './catalogues.js';

/** Past this no catalogue has rows; it keeps OFFSET arithmetic far from overflow. */
export const MAX_PAGE = 1_000_000;
export const MAX_FILTER_VALUES = 100;
export const MAX_TEXT_LENGTH = 200;

// Text NUL or a lone surrogate in any field is refused for every route at once (plugins/validation.ts).
const freeText = Type.String({ minLength: 1, maxLength: MAX_TEXT_LENGTH });

function facetQuerySchema(facet: Facet): TSchema {
  const allowed = facet.match === 'range' ? ladderValues(facet.ladder) : facet.vocabulary;
  const item = allowed ? stringEnum(allowed) : freeText;
  if (facet.match === 'equals' && facet.single) return Type.Optional(item);
  return Type.Optional(Type.Array(item, { maxItems: MAX_FILTER_VALUES }));
}

/** A page of a search's answer: `page` from 1, `per_page` rows. */
export const pagingSchema = {
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: PAGE_SIZE }),
};

/** Paging, the search term and one key per facet, and nothing else: an unknown key is an error. */
export function searchQuerySchema(catalogue: Catalogue) {
  return Type.Object({ ...searchKeysSchema(catalogue).properties, ...pagingSchema }, { additionalProperties: false });
}

/** A search's own keys, without paging (what a saved search keeps): the facets, the term, sort and min_fit. */
export function searchKeysSchema(catalogue: Catalogue) {
  const facets: Record<string, TSchema> = {};
  for (const facet of catalogue.facets) facets[facet.searchKey] = facetQuerySchema(facet);
  return Type.Object(
    {
      ...facets,
      search_term: Type.Optional(Type.String({ maxLength: MAX_TEXT_LENGTH })),
      sort: Type.Optional(
        stringEnum([FIT_SORT], 'fit: best fit first (ties in the default order); needs a startup profile'),
      ),
      min_fit: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 100, description: 'Only rows whose fit score is at least this; needs a startup profile' }),
      ),
    },
    { additionalProperties: false },
  );
}

/** A row's fit against the caller's startup profile (shared/fit.ts), or null without one. */
export const FitSchema = Type.Union([
  Type.Object({
    score: Type.Integer({ minimum: 0, maximum: 100 }),
    reasons: Type.Array(
      Type.Object({
        criterion: stringEnum(FIT_CRITERIA),
        verdict: stringEnum(FIT_VERDICTS),
        points: Type.Integer(),
        weight: Type.Integer(),
      }),
    ),
  }),
  Type.Null(),
]);

/** A catalogue row as answered: its wire fields and its `fit`. */
export function scoredRowSchema(row: TObject) {
  return Type.Object({ ...row.properties, fit: FitSchema });
}

export function pagedSchema<Row extends TSchema>(row: Row) {
  return Type.Object({ results: Type.Array(row), total_pages: Type.Integer(), total: Type.Integer() });
}
