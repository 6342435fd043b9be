import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { JSON_TYPE } from './serialization.js';

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
  if (extra.additionalProperty) return `${where}${field ? ` '${field}'` : ''}: unknown field '${extra.additionalProperty}'`;
  if (extra.missingProperty) return `${where}: '${extra.missingProperty}' is required`;
  return `${where}${field ? ` '${field}'` : ''} ${first.message ?? 'is invalid'}`;
}

/** Fastify's own refusals, said for a person; others keep Fastify's message. */
const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is malformed: a percent-encoded part of it is not valid UTF-8',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the URL path is too long',
};

/**
 * Every error leaves as `{ detail }`, whatever raised it: a service, validation, Fastify's parsers and
 * router (as `frameworkErrors`), or an unexpected failure (500, logged, never its message or SQL).
 */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).send({ detail: error.detail });
  }
  if (error.validation) {
    return reply.status(422).send({ detail: validationDetail(error) });
  }
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'Something went wrong' });
  }
  // Fastify's own 4xx (malformed JSON or URL, body too large, unsupported media type, rate limit …).
  const code = (error as { code?: string }).code;
  return reply.status(status).send({ detail: (code && FRAMEWORK_DETAILS[code]) || error.message });
}

/**
 * A request Node's HTTP parser refuses (malformed, headers too large, too slow) never reaches Fastify:
 * it is answered on the socket, in the same `{ detail }` shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
        : [400, 'Bad Request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${JSON_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(sendError);
});
