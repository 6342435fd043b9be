import type { FastifyInstance } from 'fastify';
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';

const shared: Options = { useDefaults: true, removeAdditional: false, addUsedSchema: false, allErrors: false };

function ajvWith(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...shared, coerceTypes });
  addFormats(ajv);
  return ajv;
}

// Query strings and path params are text on the wire, so they are coerced ('5' → 5, one key → [value]).
// JSON bodies already carry types: coercing them would let `{"name": 123}` or `{"name": null}` through.
const coercing = ajvWith('array');
const strict = ajvWith(false);

/**
 * Validates JSON bodies without type coercion, in the scope of the plugin that calls it
 * (wrong types answer 422 instead of being quietly converted). Other parts keep Fastify's coercion.
 */
export function useStrictBodies(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema as object),
  );
}
