// E-mail capture (README, "E-mail capture"): the SMTP listener every instance may run, and the HTTP intake for hosts
// where port 25 is closed, both taking raw mail for `log+TOKEN@CAPTURE_DOMAIN` and logging it on the account's rows.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OwnConnection } from '../../db/client.js';
import { CAPTURE_API, CAPTURE_LIMITS } from '../../../shared/capture.js';
import { API } from '../../../shared/api-paths.js';
import { HttpError } from '../../plugins/error-handler.js';
import { databaseCounters, redisCounters } from '../../plugins/rate-limit-counters.js';
import { CaptureTokens } from './capture-tokens.js';
import { takeMail } from './intake.js';
import { MailLimit } from './mail-limit.js';
import { UnreadableMail } from './mail-parse.js';
import { readMail } from './read-mail.js';
import { intakeSchema } from './schemas.js';
import { captureListener, type CaptureListener } from './smtp-listener.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The capture listener: serve-app.ts starts it with the app's listen (CAPTURE_SMTP_PORT), tests on a port of theirs. */
    captureSmtp: CaptureListener;
    /** Mails each capture address took this hour, shared by the listener and the intake. */
    captureLimit: MailLimit;
    /** The accounts of capture tokens the listener found lately (a rotation forgets hers). */
    captureTokens: CaptureTokens;
  }
}

const megabytes = CAPTURE_LIMITS.mailBytes / 1024 / 1024;

/** The listener and the intake's hourly counter, closed with the app. */
export const captureService = fp(async (app: FastifyInstance, options: { writesTo: OwnConnection }) => {
  const limit = new MailLimit(app.config.redisUrl ? redisCounters(app.config.redisUrl) : databaseCounters(app.db));
  const tokens = new CaptureTokens(app.db);
  // PGlite runs one statement at a time: one mail's at a time leaves a request at most one mail's to wait behind.
  // PostgreSQL takes 2 at once: the founders' searches keep their p95 under 20 ms beside a capture at full speed
  // (16 ms; 21 with 3 at once, 23 with 4), and the capture alone still takes 179 mails/s (tests/bench/README.md).
  // The listener's thread writes the mails itself (thread-writer.ts): on PostgreSQL on 2 connections of its own.
  const answersAtOnce = 'url' in options.writesTo ? 2 : 1;
  const listener = captureListener({
    writer: app,
    log: app.log,
    captureDomain: app.config.captureDomain,
    limit,
    tokens,
    tls: app.config.tls,
    answersAtOnce,
    requestsInFlight: app.requestsInFlight,
    writesTo: options.writesTo,
  });
  app.decorate('captureSmtp', listener);
  app.decorate('captureTokens', tokens);
  app.decorate('captureLimit', limit);
  app.addHook('onClose', async () => {
    await listener.close();
    await limit.close();
  });
});

/** A body declared larger than a mail may be is refused before a byte of it is read. */
async function refuseLargeMail(request: FastifyRequest): Promise<void> {
  if (Number(request.headers['content-length']) > CAPTURE_LIMITS.mailBytes) {
    throw new HttpError(413, `A mail may be ${megabytes} MB at most`);
  }
}

const UNKNOWN_TOKEN = 'Unknown capture token: use the token of your capture address (it may have been rotated)';

/** The capture token a call names as its credential (`Authorization: Bearer TOKEN`), or null. */
const bearerToken = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;

/** POST /api/v1/capture/messages: its credential is the capture token, not a log-in (no JWT, no Idempotency-Key). */
export async function captureRoutes(app: FastifyInstance) {
  // Read as it arrives, stopped (413) once past the limit: a chunked body declares no length.
  app.addContentTypeParser('message/rfc822', { parseAs: 'buffer', bodyLimit: CAPTURE_LIMITS.mailBytes }, (_request, body, done) =>
    done(null, body),
  );

  const byToken = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const userId = token ? await app.captureTokens.accountOf(token) : null;
    if (userId === null) throw new HttpError(401, UNKNOWN_TOKEN);
    request.userId = userId;
  };
  const hourly = async (request: FastifyRequest, reply: FastifyReply) => {
    const { allowed, retryAfterSeconds } = await app.captureLimit.take(request.userId);
    if (!allowed) {
      reply.header('retry-after', retryAfterSeconds);
      throw new HttpError(429, `This address takes at most ${CAPTURE_LIMITS.mailsPerHour} mails an hour: try again later`);
    }
  };

  app.post(
    CAPTURE_API.messages.slice(API.length),
    { schema: intakeSchema, bodyLimit: CAPTURE_LIMITS.mailBytes, onRequest: [refuseLargeMail, byToken, hourly] },
    async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new HttpError(415, 'Send the mail as Content-Type: message/rfc822');
      let read;
      try {
        read = await readMail(raw, new Date());
      } catch (error) {
        if (error instanceof UnreadableMail) throw new HttpError(422, `The mail cannot be read: ${error.reason}`);
        throw error;
      }
      let taken;
      try {
        taken = await takeMail(app, app.config.captureDomain, bearerToken(request)!, request.userId, read);
      } catch (error) {
        request.log.error({ err: error }, 'capture: a mail could not be logged');
        throw new HttpError(503, 'The mail could not be logged just now: try again later');
      }
      if (taken === null) throw new HttpError(401, UNKNOWN_TOKEN);
      return taken;
    },
  );
}
