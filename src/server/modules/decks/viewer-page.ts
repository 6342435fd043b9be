import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isLinkToken, linkTokenInPath } from '../../../shared/decks.js';
import { HttpError } from '../../plugins/error-handler.js';
import { VIEWER_RATE_RULES } from './index.js';
import { publicLink } from './view-store.js';

/**
 * GET /d/TOKEN: the deck viewer's page (src/viewer, as built), answered with the link's status: 404 for a link
 * unknown or revoked and 410 for one expired, whose page then says so. Registered with the built client only.
 * Whatever follows /d/ is answered so: a path that cannot be a link (too long, odd characters, more segments) is
 * a 404 page with no lookup: a stranger's mangled link reads "This link is not valid", never JSON.
 */
export const deckViewerPage: FastifyPluginAsyncTypebox<{ clock: () => Date }> = async (app, { clock }) => {
  /** 200, or the 404 (unknown, revoked) or 410 (expired) the link's page says. */
  const linkStatus = (token: string) =>
    publicLink(app.db, token, clock()).then(
      () => 200,
      (error: unknown) => {
        if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 410)) return error.statusCode;
        throw error;
      },
    );

  app.get(
    '/d/*',
    {
      schema: { hide: true },
      preHandler: app.rateLimited(VIEWER_RATE_RULES.gate),
    },
    async (request, reply) => {
      const page = app.deckViewerPage();
      if (!page) throw new HttpError(404, 'The deck viewer is not built: run npm run build');
      const token = (request.params as { '*': string })['*'].replace(/\/$/, '');
      const status = isLinkToken(token) ? await linkStatus(token) : 404;
      return reply
        .status(status)
        .headers({ 'cache-control': 'no-store, private', 'x-robots-tag': 'noindex, nofollow' })
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );
};

/** A path under /d/ that is no link: answered by the viewer's page and 404, like any other. */
const NOT_A_LINK = '/d/-';

/**
 * The URL to route a request by (Fastify's rewriteUrl): a deck link whose path does not decode (`/d/%E0%A4%A`, cut short
 * by a mail program) goes to NOT_A_LINK, where its reader gets the viewer's page saying the link is not valid, with
 * the headers of every page; Fastify's router would refuse it before any route, in JSON.
 */
export function routedUrl(request: { url?: string }): string {
  const url = request.url ?? '/';
  return url.startsWith('/d/') && linkTokenInPath(url.split('?')[0]) === null ? NOT_A_LINK : url;
}
