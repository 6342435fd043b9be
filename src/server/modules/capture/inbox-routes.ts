// The Capture inbox (CAPTURE_API.inbox): a founder's unmatched mails, assigned to a row or dismissed; an hourly
// sweep deletes those that waited out their days. Registered under /api/v1.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API } from '../../../shared/api-paths.js';
import { CAPTURE_API } from '../../../shared/capture.js';
import { sweepWhileOpen } from '../../plugins/sweep-while-open.js';
import { withoutTouchTexts } from '../pipeline/touch-texts.js';
import { assignMailSchema, dismissMailSchema, inboxSchema } from './account-schemas.js';
import { assignMail, dismissMail, inboxOf, sweepInbox } from './inbox-store.js';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface InboxOptions {
  /** The server's clock: what "now" is. */
  clock?: () => Date;
}

export const captureInboxRoutes: FastifyPluginAsyncTypebox<InboxOptions> = async (app, options) => {
  const clock = options.clock ?? (() => new Date());
  const inbox = CAPTURE_API.inbox.slice(API.length);
  app.addHook('onRequest', app.authenticate);

  app.get(inbox, { schema: inboxSchema }, async (request) => inboxOf(app.db, request.userId, clock()));

  app.post(`${inbox}/:id/assign`, { schema: assignMailSchema, config: { storedAnswer: withoutTouchTexts } }, async (request) =>
    assignMail(app, request.userId, request.params.id, request.body, clock()),
  );

  app.delete(`${inbox}/:id`, { schema: dismissMailSchema }, async (request, reply) => {
    await dismissMail(app.db, request.userId, request.params.id, clock());
    return reply.status(204).send(null);
  });

  sweepWhileOpen(app, SWEEP_EVERY_MS, 'capture inbox', () => sweepInbox(app.db, clock()));
};
