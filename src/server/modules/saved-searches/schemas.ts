// Schemas of the saved-search calls (shared/saved-searches.ts is the contract). A query is checked here
// only for its shape; its keys are then validated against its kind's search (saved-query.ts), since which
// keys a search takes depends on the kind.
import { Type } from '@sinclair/typebox';
import { SAVED_SEARCH_ALERTS, SAVED_SEARCH_KINDS } from '../../../shared/saved-searches.js';
import { isoTime, stringEnum, userCall, userChange } from '../../plugins/validation.js';
import { MAX_FILTER_VALUES, MAX_TEXT_LENGTH, pagedSchema, pagingSchema, scoredRowSchema } from '../catalogue/schemas.js';
import { FundRow, InvestorRow } from '../../../shared/catalogue-row-schemas.js';

const tags = ['Saved searches'];

const uuid = Type.String({
  format: 'uuid',
  // The format alone would also pass 'urn:uuid:…', which the database does not read as a uuid.
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
});
const params = Type.Object({ id: uuid }, { additionalProperties: false });
const kind = stringEnum(SAVED_SEARCH_KINDS, 'Which catalogue it searches');
const alert = stringEnum(SAVED_SEARCH_ALERTS, 'How often new matching rows are mailed (default weekly)');

const queryValue = Type.Union([
  Type.String({ maxLength: MAX_TEXT_LENGTH }),
  Type.Number(),
  Type.Array(Type.String({ maxLength: MAX_TEXT_LENGTH }), { maxItems: MAX_FILTER_VALUES }),
]);
const query = Type.Object(
  {},
  {
    additionalProperties: queryValue,
    maxProperties: 30,
    description:
      'The search\'s own keys, as GET /api/v1/{kind}/search takes them without page and per_page (filter keys ' +
      'with their values, search_term, sort, min_fit), validated as that search validates them; sort=fit and ' +
      'min_fit need a startup profile.',
  },
);
/** A name is trimmed, then must hold 1 to 100 characters (the handler says which rule it broke). */
const name = Type.String({ maxLength: 1000 });

const savedSearch = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  kind,
  query,
  alert,
  new_count: Type.Integer({ description: 'Rows added to the catalogue after last_seen_at that match the query' }),
  last_seen_at: isoTime,
  created_at: isoTime,
});

export const listSchema = userCall({
  tags,
  summary: "The caller's saved searches, oldest first, each with its count of new matching rows",
  response: { 200: Type.Array(savedSearch) },
});

export const createSchema = userChange({
  tags,
  summary: 'Save a search',
  description:
    'At most 100 per user; the name (trimmed, 1–100 characters) is unique per user and kind, whatever its case. ' +
    '`id`, a UUID, may be chosen by the client: repeating a create with an id of yours and the same content ' +
    'answers the saved search again and creates nothing; an id already in use otherwise is a 409.',
  body: Type.Object(
    { id: Type.Optional(uuid), name: Type.Optional(name), kind, query, alert: Type.Optional(alert) },
    { additionalProperties: false },
  ),
  response: { 201: savedSearch },
});

export const updateSchema = userChange({
  tags,
  summary: 'Rename a saved search, change its query or its alert',
  params,
  body: Type.Object(
    { name: Type.Optional(name), query: Type.Optional(query), alert: Type.Optional(alert) },
    { additionalProperties: false },
  ),
  response: { 200: savedSearch },
});

export const deleteSchema = userChange({
  tags,
  summary: 'Delete a saved search',
  params,
  response: { 204: Type.Null() },
});

export const newRowsSchema = userCall({
  tags,
  summary: 'The rows added since the saved search was last seen that match it, paged like its search',
  description: 'In the order of its search (`sort=fit`: best fit first), each row with its `fit`.',
  params,
  querystring: Type.Object(pagingSchema, { additionalProperties: false }),
  response: { 200: Type.Union([pagedSchema(scoredRowSchema(InvestorRow)), pagedSchema(scoredRowSchema(FundRow))]) },
});

export const seenSchema = userChange({
  tags,
  summary: 'Mark a saved search seen now: its new rows start again from none',
  params,
  response: { 200: savedSearch },
});
