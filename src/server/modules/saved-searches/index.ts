import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEFAULT_SAVED_SEARCH_ALERT,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_PATH,
  type SavedSearch,
  type SavedSearchQuery,
} from '../../../shared/saved-searches.js';
import type { FitProfile } from '../../../shared/fit.js';
import { HttpError } from '../../plugins/error-handler.js';
import { fitProfileFor } from '../startup/startup-store.js';
import { readCatalogueVersion } from '../catalogue/version.js';
import { newRowsPage, withNewCounts } from './new-rows.js';
import { validSavedQuery } from './saved-query.js';
import {
  createSavedSearch,
  deleteSavedSearch,
  markSeen,
  ownedSavedSearch,
  savedSearchesOf,
  type StoredSavedSearch,
  updateSavedSearch,
} from './saved-search-store.js';
import { createSchema, deleteSchema, listSchema, newRowsSchema, seenSchema, updateSchema } from './schemas.js';

/** Trimmed, 1 to SAVED_SEARCH_NAME_MAX characters. */
function savedSearchName(name: string | undefined): string {
  const trimmed = name?.trim() ?? '';
  if (trimmed === '') throw new HttpError(422, SAVED_SEARCH_MESSAGES.nameRequired);
  if (trimmed.length > SAVED_SEARCH_NAME_MAX) throw new HttpError(422, SAVED_SEARCH_MESSAGES.nameTooLong);
  return trimmed;
}

/**
 * Saved searches of investors and funds (README, "Saved searches"), under the paths of
 * shared/saved-searches.ts. Every answer counts the search's new rows: by the catalogue's search index
 * when it is current, else in SQL.
 */
export const savedSearchesModule: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const item = `${SAVED_SEARCHES_PATH}/:id`;

  /** One saved search as answered, its new rows counted in the catalogue of `version`. */
  const answer = async (search: StoredSavedSearch, version: number, profile: FitProfile | null): Promise<SavedSearch> =>
    (await withNewCounts(app.catalogue, [search], version, profile))[0];

  app.get(SAVED_SEARCHES_PATH, { schema: listSchema }, async (request) => {
    const [{ searches, version }, profile] = await Promise.all([
      savedSearchesOf(app.db, request.userId),
      fitProfileFor(app.db, request.userId),
    ]);
    return withNewCounts(app.catalogue, searches, version, profile);
  });

  app.post(SAVED_SEARCHES_PATH, { schema: createSchema }, async (request, reply) => {
    const { id, name, kind, query, alert } = request.body;
    const profile = await fitProfileFor(app.db, request.userId);
    const content = {
      name: savedSearchName(name),
      kind,
      query: validSavedQuery(kind, query as SavedSearchQuery, profile !== null),
      alert: alert ?? DEFAULT_SAVED_SEARCH_ALERT,
    };
    const search = await createSavedSearch(app.db, request.userId, content, id);
    return reply.status(201).send(await answer(search, await readCatalogueVersion(app.db), profile));
  });

  app.patch(item, { schema: updateSchema }, async (request) => {
    const { name, query, alert } = request.body;
    if (name === undefined && query === undefined && alert === undefined) {
      throw new HttpError(422, 'Send at least one of name, query and alert');
    }
    const profile = await fitProfileFor(app.db, request.userId);
    const search = await updateSavedSearch(
      app.db,
      request.userId,
      request.params.id,
      {
        ...(name !== undefined && { name: savedSearchName(name) }),
        ...(query !== undefined && { query: query as SavedSearchQuery }),
        ...(alert !== undefined && { alert }),
      },
      (kind, changed) => validSavedQuery(kind, changed, profile !== null),
    );
    return answer(search, await readCatalogueVersion(app.db), profile);
  });

  app.delete(item, { schema: deleteSchema }, async (request, reply) => {
    await deleteSavedSearch(app.db, request.userId, request.params.id);
    return reply.status(204).send(null);
  });

  app.get(`${item}/new`, { schema: newRowsSchema }, async (request) => {
    const [search, profile] = await Promise.all([
      ownedSavedSearch(app.db, request.userId, request.params.id),
      fitProfileFor(app.db, request.userId),
    ]);
    return newRowsPage(app.catalogue, search, profile, request.query.page, request.query.per_page);
  });

  app.post(`${item}/seen`, { schema: seenSchema }, async (request) => {
    const [{ search, version }, profile] = await Promise.all([
      markSeen(app.db, request.userId, request.params.id),
      fitProfileFor(app.db, request.userId),
    ]);
    return answer(search, version, profile);
  });
};
