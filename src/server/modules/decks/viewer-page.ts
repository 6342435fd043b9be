import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../plugins/error-handler.js';
import { VIEWER_RATE_RULES } from './index.js';
import { TokenParams } from './schemas.js';
import { publicLink } from './view-store.js';

/**
 * GET /d/TOKEN: the deck viewer's page (src/viewer, as built), answered with the link's status: 404 for a link
 * unknown or revoked and 410 for one expired, whose page then says so. Registered with the built client only.
 */
export const deckViewerPage: FastifyPluginAsyncTypebox<{ clock: () => Date }> = async (app, { clock }) => {
  app.get(
    '/d/:token',
    {
      schema: { hide: true, params: TokenParams },
      preHandler: app.rateLimited(VIEWER_RATE_RULES.gate),
    },
    async (request, reply) => {
      const page = app.deckViewerPage();
      if (!page) throw new HttpError(404, 'The deck viewer is not built: run npm run build');
      const status = await publicLink(app.db, request.params.token, clock()).then(
        () => 200,
        (error: unknown) => {
          if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 410)) return error.statusCode;
          throw error;
        },
      );
      return reply
        .status(status)
        .headers({ 'cache-control': 'no-store, private', 'x-robots-tag': 'noindex, nofollow' })
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );
};
