import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { Type, type SchemaOptions, type TSchema } from '@sinclair/typebox';
import { idempotencyHeaders } from './idempotency.js';
import { UNSTORABLE } from '../db/unstorable-text.js';
import { compiledOnce } from './compiled-once.js';

// Schema fragments every module shares. Route schemas are TypeBox, so handlers read typed requests
// through the TypeBoxTypeProvider; they are plain JSON schemas to Ajv and the OpenAPI document.

/** A row id: PostgreSQL's integer. Infinity, NaN and fractions are refused with the rest (see below). */
export const resourceId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const errorBody = Type.Object({ detail: Type.String() });

/** Every call may fail with `{ detail }`. */
export const errorResponses = { '4xx': errorBody, '5xx': errorBody } as const;

/** A call for a logged-in user, who sends their access token as a bearer header (app.authenticate checks it). */
export const bearerSecurity = [{ bearer: [] }];

/** The schema of a call made without log-in (auth, a deck link's viewer), its answers besides the `{ detail }` of every failure. */
export function publicCall<const S extends { response: object }>(schema: S) {
  return { ...schema, response: { ...schema.response, ...errorResponses } };
}

/** The schema of a logged-in user's call, its answers besides the `{ detail }` of every failure. */
export function userCall<const S extends { response: object }>(schema: S) {
  return publicCall({ ...schema, security: bearerSecurity });
}

/** A logged-in user's change that honours an Idempotency-Key, so a replay (the offline outbox's) changes nothing twice. */
export function userChange<const S extends { response: object }>(schema: S) {
  return userCall({ ...schema, headers: idempotencyHeaders });
}

/** A calendar day. */
export const isoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

/** A moment: an ISO 8601 date and time with its offset. */
export const isoTime = Type.String({ format: 'date-time' });

/** One of these strings, documented as an enum (a union of literals reads as a schema per value in OpenAPI). */
export function stringEnum<const T extends string>(values: readonly T[], description?: string) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description === undefined ? {} : { description }) });
}

/** The schema's value, or null. */
export function nullable<T extends TSchema>(schema: T, options?: SchemaOptions) {
  return Type.Union([schema, Type.Null()], options);
}

/** Path params `{ id }`, a row id. */
export const idParams = Type.Object({ id: resourceId }, { additionalProperties: false });

/** Path params `{ id, itemId }`: a list and one of its rows, both row ids. */
export const itemParams = Type.Object({ id: resourceId, itemId: resourceId }, { additionalProperties: false });

/** A query string that must be empty: an unknown key is an error, not silently ignored. */
export const noQuery = Type.Object({}, { additionalProperties: false });

const shared: Options = { useDefaults: true, removeAdditional: false, addUsedSchema: false, allErrors: false };

function ajvWith(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...shared, coerceTypes });
  addFormats(ajv);
  return ajv;
}

// Query strings, path params and headers are text on the wire, so they are coerced ('5' → 5, one key →
// [value]). JSON bodies already carry types: coercing them would let `{"name": 123}` or `{"name": null}`
// through, so wrong types answer 422 instead of being quietly converted.
const coercing = ajvWith('array');
const strict = ajvWith(false);

/**
 * What no field of any request may carry, whatever its schema says: text PostgreSQL cannot store (NUL)
 * or that is not Unicode (a lone surrogate, from a JSON `\ud800`), and numbers that are not finite
 * (Ajv coerces 'Infinity' and '1e400' in a path or query to Infinity and then skips its range checks).
 * Answers the first offending value as an Ajv error, or null.
 */
export function unacceptableValue(data: unknown, path = ''): ErrorObject | null {
  if (typeof data === 'string') {
    if (!UNSTORABLE.test(data)) return null;
    return {
      instancePath: path,
      schemaPath: '#/text',
      keyword: 'text',
      params: {},
      message: 'must not contain NUL or unpaired surrogate characters',
    };
  }
  if (typeof data === 'number') {
    if (Number.isFinite(data)) return null;
    return { instancePath: path, schemaPath: '#/finite', keyword: 'finite', params: {}, message: 'must be a finite number' };
  }
  if (data !== null && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      const problem = unacceptableValue(value, `${path}/${key}`);
      if (problem) return problem;
    }
  }
  return null;
}

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

const bodyValidator = compiledOnce((schema) => checked(strict.compile(schema)));
const textValidator = compiledOnce((schema) => checked(coercing.compile(schema)));

/** A validator as the routes' query strings get one (coercing text as a URL carries it), for data of that shape. */
export function queryValidator(schema: object): Validator {
  return textValidator(schema);
}

function checked(validate: Validator): Validator {
  const check: Validator = (data) => {
    if (!validate(data)) {
      check.errors = validate.errors;
      return false;
    }
    const problem = unacceptableValue(data);
    check.errors = problem ? [problem] : null;
    return problem === null;
  };
  return check;
}

/**
 * Validates every part of every request (body, query, params, headers) against its route's schema and
 * then against unacceptableValue. Only data that passed the schema is walked, so its shape is bounded.
 */
export const validation = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyValidator : textValidator)(schema as object));
});
