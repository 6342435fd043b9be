import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastJsonStringify from 'fast-json-stringify';
import { compiledOnce } from './compiled-once.js';

// Fastify's own serializer for response schemas (fast-json-stringify, as its default compiler builds it with no
// shared schemas), each distinct schema compiled once per process.
export const serializerOf = compiledOnce((schema) => fastJsonStringify(schema));

/** What Fastify says of a JSON answer; an answer sent as text, or by a serializer of its own, says it itself. */
export const JSON_TYPE = 'application/json; charset=utf-8';

export const serialization = fp(async (app: FastifyInstance) => {
  app.setSerializerCompiler(({ schema }) => serializerOf(schema as object));
});
