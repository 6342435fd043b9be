import type { TSchema } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../plugins/error-handler.js';
import { errorBody, idParams, noQuery } from '../../plugins/validation.js';
import { pagedSchema, searchQuerySchema } from './schemas.js';
import type { CatalogueSearch } from './search.js';
import { readSearchFilter } from './search-sql.js';

/** GET /{catalogue}/search and GET /{catalogue}/{id}, behind a valid access token. */
export function registerCatalogueRoutes(instance: FastifyInstance, search: CatalogueSearch, rowSchema: TSchema, tag: string) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { catalogue } = search;
  const errors = { 401: errorBody, 422: errorBody };

  app.get(
    `/${catalogue.name}/search`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: [tag],
        summary: `Search ${catalogue.name}: OR within a filter, AND across filters`,
        security: [{ bearer: [] }],
        querystring: searchQuerySchema(catalogue),
        response: { 200: pagedSchema(rowSchema), ...errors },
      },
    },
    async (request) => {
      const { query } = request;
      return search.search(readSearchFilter(catalogue, query), query.page, query.per_page);
    },
  );

  app.get(
    `/${catalogue.name}/:id`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: [tag],
        summary: `One ${catalogue.noun.toLowerCase()}`,
        security: [{ bearer: [] }],
        params: idParams,
        querystring: noQuery,
        response: { 200: rowSchema, 404: errorBody, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await search.byId(id);
      if (!row) throw new HttpError(404, `${catalogue.noun} ${id} not found`);
      return row;
    },
  );
}
