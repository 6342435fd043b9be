import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { postgresPool } from '../../db/client.js';
import { RememberedReads } from '../../db/remembered-reads.js';
import { HttpError } from '../../plugins/error-handler.js';
import { AccessTokenReader } from './access-token.js';
import { BatchedReads } from './batched-reads.js';
import { liveSessions, SESSION_ENDED, sessionEndings } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for every data call: a valid bearer access token of a session still on, else 401. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    userId: number;
    /** The session (refresh-token family) of the caller's login; null when a stream ticket let the caller in. */
    sessionId: string | null;
    /** When the caller's access (the token, or the token a stream ticket was asked with) ends, in ms since the epoch. */
    accessEndsAt: number;
  }
}

export const authenticate = fp(async (app: FastifyInstance) => {
  app.decorateRequest('userId', 0);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('accessEndsAt', 0);
  const tokens = new AccessTokenReader(app.config.jwtSecret);
  const sessions = new BatchedReads(
    async (ids: string[]) => new Map([...(await liveSessions(app.db, ids))].map((id) => [id, true])),
    false,
  );
  // A session read live is remembered on PGlite until this process next writes anything that can end one.
  const remembered = postgresPool(app.db)
    ? null
    : new RememberedReads(
        (id: string) => sessions.read(id),
        sessionEndings,
        (live) => live,
      );
  const isLive = (id: string) => (remembered ? remembered.get(id) : sessions.read(id));
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new HttpError(401, 'Not authenticated');
    const claims = await tokens.read(match[1]);
    if (claims === null) throw new HttpError(401, 'Access token is invalid or expired');
    // Checked on every call, after the signature (remembered) and before anything else: Log Out or a
    // password reset on any instance ends the token at once. The calls arriving together are checked in
    // one statement, sent after each of them arrived (on PGlite, once until a session may have ended). A
    // token naming no session cannot be ended, so it is refused too (the server issues none).
    if (claims.sessionId === null || !(await isLive(claims.sessionId))) {
      throw new HttpError(401, SESSION_ENDED);
    }
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
    request.accessEndsAt = claims.expiresAt * 1000;
  });
});
