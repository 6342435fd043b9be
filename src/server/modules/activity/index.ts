import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIST_KINDS } from '../lists/list-kinds.js';
import { rowActivity } from './activity-store.js';
import { rowActivitySchema } from './schemas.js';

/** GET /api/v1/lists/{id}/investors/{investorId}/activity (and …/funds/{fundId}/activity). */
export const activityModule: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  for (const kind of Object.values(LIST_KINDS)) {
    app.get(`/lists/:id/${kind.segment}/:itemId/activity`, { schema: rowActivitySchema(kind.noun) }, async (request) =>
      rowActivity(app.db, { userId: request.userId, listId: request.params.id, kind, itemId: request.params.itemId }),
    );
  }
};
