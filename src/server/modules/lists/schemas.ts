import { fundSchema, investorSchema } from '../catalogue/schemas.js';
import { Pipeline as PipelineSchema } from '../pipeline/schemas.js';
import { errorResponses, resourceId } from '../../plugins/validation.js';
import { idempotencyHeaders } from '../../plugins/idempotency.js';

// JSON schemas of the list calls. SPEC §5's messages for name and type come from the handlers.

export const LIST_NAME_MAX = 100;
export const LIST_DESCRIPTION_MAX = 1000;
export const MAX_BATCH = 1000;

const security = [{ bearer: [] }];
const id = resourceId;
const listParams = { type: 'object', properties: { id }, required: ['id'] } as const;

// The offline outbox sends an Idempotency-Key with every addition; the calls that change a list honour
// one (plugins/idempotency.ts), so a replay answers the first answer and changes nothing.

const listSummary = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    description: { type: 'string' },
    list_type: { type: 'string', enum: ['investor', 'fund'] },
    item_count: { type: 'integer' },
  },
  required: ['id', 'name', 'description', 'list_type', 'item_count'],
} as const;

// Every wire row carries all its fields, so all are required: the serializer then picks the shape
// whose keys a row has (type_of_firm vs firm_type), and keeps the fields in order.
const item = {
  anyOf: [investorSchema, fundSchema].map((row) => ({
    ...row,
    properties: { ...row.properties, pipeline: PipelineSchema },
    required: [...Object.keys(row.properties), 'pipeline'],
  })),
} as const;
const items = { type: 'array', items: item } as const;

export const getListsSchema = {
  summary: 'The current user’s lists with their item counts',
  security,
  response: { 200: { type: 'array', items: listSummary }, ...errorResponses },
} as const;

export const getListSchema = {
  summary: 'One list with its items, shaped as investors or funds by list type',
  security,
  params: listParams,
  response: {
    200: { ...listSummary, properties: { ...listSummary.properties, items }, required: [...listSummary.required, 'items'] },
    ...errorResponses,
  },
} as const;

export const getItemsSchema = {
  summary: 'The items of a list',
  security,
  params: listParams,
  response: { 200: items, ...errorResponses },
} as const;

const name = { type: 'string', maxLength: LIST_NAME_MAX } as const;
const description = { type: ['string', 'null'], maxLength: LIST_DESCRIPTION_MAX } as const;

export const createListSchema = {
  summary: 'Create a list',
  security,
  headers: idempotencyHeaders,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { name, description, list_type: { type: 'string', maxLength: 20 } },
  },
  response: { 201: listSummary, ...errorResponses },
} as const;

export const updateListSchema = {
  summary: 'Rename a list or change its description',
  security,
  params: listParams,
  body: { type: 'object', additionalProperties: false, minProperties: 1, properties: { name, description } },
  response: { 200: listSummary, ...errorResponses },
} as const;

export const deleteListSchema = {
  summary: 'Delete a list',
  security,
  params: listParams,
  response: { 204: { type: 'null' }, ...errorResponses },
} as const;

const ids = { type: 'array', minItems: 1, maxItems: MAX_BATCH, items: id } as const;

export function batchSchema(noun: string, idKeys: readonly [string, string]) {
  return {
    summary: `Add ${noun}s to a list (idempotent: rows already on it are reported, not added twice)`,
    description: `Send the ids as \`${idKeys[0]}\` or \`${idKeys[1]}\`; \`list_id\`, if sent, must be the list in the path.`,
    security,
    params: listParams,
    headers: idempotencyHeaders,
    body: {
      type: 'object',
      additionalProperties: false,
      properties: { [idKeys[0]]: ids, [idKeys[1]]: ids, list_id: id },
    },
    response: {
      200: {
        type: 'object',
        properties: {
          list_id: { type: 'integer' },
          added: { type: 'array', items: { type: 'integer' } },
          already_in_list: { type: 'array', items: { type: 'integer' } },
          item_count: { type: 'integer' },
        },
        required: ['list_id', 'added', 'already_in_list', 'item_count'],
      },
      ...errorResponses,
    },
  } as const;
}

export function removeItemSchema(noun: string) {
  return {
    summary: `Take one ${noun} off a list`,
    security,
    headers: idempotencyHeaders,
    params: { type: 'object', properties: { id, itemId: id }, required: ['id', 'itemId'] },
    response: { 204: { type: 'null' }, ...errorResponses },
  } as const;
}
