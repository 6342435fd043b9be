import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Thrown by services for an answer the client is meant to read: `{ detail }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

function validationDetail(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = error.validationContext ?? 'request';
  const field = first.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
  const extra = (first.params as { additionalProperty?: string; missingProperty?: string } | undefined) ?? {};
  if (extra.additionalProperty) return `${where}: unknown field '${extra.additionalProperty}'`;
  if (extra.missingProperty) return `${where}: '${extra.missingProperty}' is required`;
  return `${where}${field ? ` '${field}'` : ''} ${first.message ?? 'is invalid'}`;
}

/** Every error leaves as `{ detail }`; no stack trace or SQL ever reaches a client. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ detail: error.detail });
    }
    if (error.validation) {
      return reply.status(422).send({ detail: validationDetail(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: 'Something went wrong' });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type, rate limit …).
    return reply.status(status).send({ detail: error.message });
  });
});
