// No secret reaches a log line, at any level. Secrets travel in request bodies (never logged), the
// Authorization header (never logged), query strings (a stream's ?ticket=) and path segments (the links
// mailed for an invitation, a reset, a verification: /invitations/{token}, /reset-password/{token},
// /verify-email/{token}, and their API calls). So every URL a log line carries — the request's, or one an
// error message quotes — loses its query values, those segments and any segment as long as a token, and
// anything shaped like a JWT goes too.
import type { FastifyError, FastifyRequest, FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

const TOKEN_SEGMENT = /\b(invitations|reset-password|verify-email)\/[^/?#\s"'`]+/g;
const QUERY_VALUE = /([?&][^=&#\s"'`]*)=[^&#\s"'`]*/g;
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
/** A path segment as long as an opaque token (ours are 43 characters), wherever it is. */
const OPAQUE_SEGMENT = /\/[\w-]{32,}(?=[/?#\s"'`]|$)/g;

/** The text with every token-carrying path segment, query value and JWT in it replaced. */
export function redactSecrets(text: string): string {
  return text
    .replace(JWT, REDACTED)
    .replace(TOKEN_SEGMENT, `$1/${REDACTED}`)
    .replace(OPAQUE_SEGMENT, `/${REDACTED}`)
    .replace(QUERY_VALUE, `$1=${REDACTED}`);
}

interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError;
}

/**
 * What a log line says of an error: its kind, code, message, stack and cause, redacted. Nothing else: an
 * error's other fields may hold what caused it (a database error its parameters, a parser error the raw
 * bytes of the request).
 */
function loggedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactSecrets(String(error)), stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return {
    type: error.constructor.name,
    message: redactSecrets(error.message),
    stack: redactSecrets(error.stack ?? ''),
    code: typeof code === 'string' ? code : undefined,
    statusCode: typeof statusCode === 'number' ? statusCode : undefined,
    cause: error.cause !== undefined && depth < 3 ? loggedError(error.cause, depth + 1) : undefined,
  };
}

/** The logger options every server gets: Fastify's request and error serializers, redacted. */
export const redactingLoggerOptions = {
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactSecrets(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
    err: (error: FastifyError) => loggedError(error),
  },
  hooks: {
    // Messages written as text (Fastify's own quote the URL now and then) are redacted as well.
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
      method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg)));
    },
  },
} satisfies Partial<Exclude<FastifyServerOptions['logger'], boolean | undefined>>;
