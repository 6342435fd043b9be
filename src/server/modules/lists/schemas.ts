import { Type } from '@sinclair/typebox';
import { FundRow, InvestorRow } from '../../../shared/catalogue-row-schemas.js';
import { Pipeline, PersonSchema } from '../pipeline/schemas.js';
import { LIST_DESCRIPTION_MAX, LIST_NAME_MAX, LISTS_CREATED_PER_HOUR, MAX_LISTS } from '../../../shared/form-rules.js';
import { FitSchema } from '../catalogue/schemas.js';
import { idParams, itemParams, resourceId, stringEnum, userCall, userChange } from '../../plugins/validation.js';
import { LIST_ROLES } from '../../../shared/teams.js';

// Schemas of the list calls. The messages for a missing or wrong name and type come from the handlers.

export const MAX_BATCH = 1000;

const id = resourceId;


// The offline outbox sends an Idempotency-Key with every addition; the calls that change a list honour
// one (plugins/idempotency.ts), so a replay answers the first answer and changes nothing.

const listSummaryFields = {
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  list_type: stringEnum(['investor', 'fund']),
  item_count: Type.Integer(),
  role: stringEnum(LIST_ROLES, "The caller's role on the list"),
  owner: PersonSchema,
};
export const listSummary = Type.Object(listSummaryFields);

// Every wire row carries all its fields, its fit and its pipeline, all required, and keeps them in order.
const investorItem = Type.Object({
  ...InvestorRow.properties,
  private: Type.Optional(Type.Boolean({ description: 'A private contact' })),
  fit: FitSchema,
  pipeline: Pipeline,
});
const fundItem = Type.Object({ ...FundRow.properties, fit: FitSchema, pipeline: Pipeline });
const items = Type.Array(Type.Union([investorItem, fundItem]));
const investorItems = Type.Array(investorItem);
const fundItems = Type.Array(fundItem);

/**
 * What a list's answer is written with, by its type (lists/index.ts). The union above is what the API documents, but
 * a serializer given it tries each row against the investor shape first (a validation a row, 200 rows a read).
 */
export const listAnswerOfType = {
  investor: { items: investorItems, list: Type.Object({ ...listSummaryFields, items: investorItems }) },
  fund: { items: fundItems, list: Type.Object({ ...listSummaryFields, items: fundItems }) },
};

export const getListsSchema = userCall({
  summary: 'The current user’s lists and those shared with them, with their item counts, role and owner',
  response: { 200: Type.Array(listSummary) },
});

export const getListSchema = userCall({
  summary: 'One list with its items, shaped as investors or funds by list type',
  params: idParams,
  response: { 200: Type.Object({ ...listSummaryFields, items }) },
});

export const getItemsSchema = userCall({
  summary: 'The items of a list',
  params: idParams,
  response: { 200: items },
});

const name = Type.Optional(Type.String({ maxLength: LIST_NAME_MAX }));
const description = Type.Optional(
  Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: LIST_DESCRIPTION_MAX }),
);

export const createListSchema = userChange({
  summary: 'Create a list',
  description: `At most ${MAX_LISTS} lists per user (422), and ${LISTS_CREATED_PER_HOUR} created an hour per user (429).`,
  body: Type.Object(
    { name, description, list_type: Type.Optional(Type.String({ maxLength: 20 })) },
    { additionalProperties: false },
  ),
  response: { 201: listSummary },
});

export const updateListSchema = userCall({
  summary: 'Rename a list or change its description',
  params: idParams,
  body: Type.Object({ name, description }, { additionalProperties: false, minProperties: 1 }),
  response: { 200: listSummary },
});

export const deleteListSchema = userCall({
  summary: 'Delete a list',
  params: idParams,
  response: { 204: Type.Null() },
});

const ids = Type.Optional(Type.Array(id, { minItems: 1, maxItems: MAX_BATCH }));

export function batchSchema(noun: string, idKeys: readonly [string, string]) {
  return userChange({
    summary: `Add ${noun}s to a list (idempotent: rows already on it are reported, not added twice)`,
    description: `Send the ids as \`${idKeys[0]}\` or \`${idKeys[1]}\`; \`list_id\`, if sent, must be the list in the path.`,
    params: idParams,
    body: Type.Object(
      { [idKeys[0]]: ids, [idKeys[1]]: ids, list_id: Type.Optional(id) },
      { additionalProperties: false },
    ),
    response: {
      200: Type.Object({
        list_id: Type.Integer(),
        added: Type.Array(Type.Integer()),
        already_in_list: Type.Array(Type.Integer()),
        item_count: Type.Integer(),
      }),
    },
  });
}

export function removeItemSchema(noun: string) {
  return userChange({
    summary: `Take one ${noun} off a list`,
    params: itemParams,
    response: { 204: Type.Null() },
  });
}
