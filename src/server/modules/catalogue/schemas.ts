// JSON schemas of the catalogue calls: they validate what comes in and shape what goes out.
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../../shared/constants.js';
import { ladderValues } from './buckets.js';
import type { Catalogue, Facet } from './catalogues.js';
import { errorBody, resourceId } from '../../plugins/validation.js';

/** Past this no catalogue has rows; it keeps OFFSET arithmetic far from overflow. */
export const MAX_PAGE = 1_000_000;
export const MAX_FILTER_VALUES = 100;
export const MAX_TEXT_LENGTH = 200;

// Text NUL or a lone surrogate in any field is refused for every route at once (plugins/validation.ts).
const freeText = { type: 'string', minLength: 1, maxLength: MAX_TEXT_LENGTH } as const;

export const errorSchema = errorBody;

const text = { type: 'string' } as const;
const maybeNumber = { type: ['number', 'string'], description: "A number, or 'NaN' when missing" } as const;
const textList = { type: 'array', items: { type: 'string' } } as const;

export const investorSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    first_name: text,
    last_name: text,
    contact_title: text,
    email: text,
    gender: text,
    phone: text,
    firm_name: text,
    type_of_firm: text,
    office_website: text,
    capital_managed: maybeNumber,
    min_investment: maybeNumber,
    max_investment: maybeNumber,
    number_of_investors: maybeNumber,
    type_of_financing: textList,
    geographic_preferences: textList,
    stage_preferences: textList,
    industry_preferences: textList,
    city: text,
    state: text,
    country: text,
  },
} as const;

export const fundSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    firm_name: text,
    full_name: text,
    title: text,
    firm_email: text,
    firm_phone: text,
    firm_website: text,
    firm_type: text,
    capital_managed: maybeNumber,
    min_investment: maybeNumber,
    max_investment: maybeNumber,
    financing_type: textList,
    geographic_preferences: textList,
    stage_preferences: textList,
    industry_preferences: textList,
    contact_email: text,
    contact_phone: text,
    firm_address: text,
    firm_state: text,
    firm_country: text,
  },
} as const;

function facetQuerySchema(facet: Facet): object {
  const allowed = facet.match === 'range' ? ladderValues(facet.ladder) : facet.vocabulary;
  const item = allowed ? { type: 'string', enum: [...allowed] } : freeText;
  if (facet.match === 'equals' && facet.single) return item;
  return { type: 'array', items: item, maxItems: MAX_FILTER_VALUES };
}

/** Every search key of SPEC §7 and nothing else: an unknown key is an error, not silently ignored. */
export function searchQuerySchema(catalogue: Catalogue) {
  const properties: Record<string, object> = {
    page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
    per_page: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: PAGE_SIZE },
    search_term: { type: 'string', maxLength: MAX_TEXT_LENGTH },
  };
  for (const facet of catalogue.facets) properties[facet.searchKey] = facetQuerySchema(facet);
  return { type: 'object', additionalProperties: false, properties };
}

export function pagedSchema(rowSchema: object) {
  return {
    type: 'object',
    properties: {
      results: { type: 'array', items: rowSchema },
      total_pages: { type: 'integer' },
      total: { type: 'integer' },
    },
    required: ['results', 'total_pages', 'total'],
  };
}

export const idParamsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { id: resourceId },
  required: ['id'],
} as const;

export const noQuerySchema = { type: 'object', additionalProperties: false, properties: {} } as const;
