import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../plugins/error-handler.js';
import { AccessTokenReader } from './access-token.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for every data call: a valid bearer access token, else 401. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    userId: number;
    /** The refresh-token family of the caller's login, when the access token names one. */
    sessionId: string | null;
  }
}

export const authenticate = fp(async (app: FastifyInstance) => {
  app.decorateRequest('userId', 0);
  app.decorateRequest('sessionId', null);
  const tokens = new AccessTokenReader(app.config.jwtSecret);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new HttpError(401, 'Not authenticated');
    const claims = await tokens.read(match[1]);
    if (claims === null) throw new HttpError(401, 'Access token is invalid or expired');
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
  });
});
