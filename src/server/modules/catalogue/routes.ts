import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../plugins/error-handler.js';
import { errorSchema, idParamsSchema, noQuerySchema, pagedSchema, searchQuerySchema } from './schemas.js';
import type { CatalogueSearch } from './search.js';
import { readSearchFilter, type SearchQuery } from './search-sql.js';

interface PageQuery extends SearchQuery {
  page: number;
  per_page: number;
}

/** GET /{catalogue}/search and GET /{catalogue}/{id}, behind a valid access token. */
export function registerCatalogueRoutes(app: FastifyInstance, search: CatalogueSearch, rowSchema: object, tag: string) {
  const { catalogue } = search;
  const errors = { 401: errorSchema, 422: errorSchema };

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
      const query = request.query as PageQuery;
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
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: rowSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const row = await search.byId(id);
      if (!row) throw new HttpError(404, `${catalogue.noun} ${id} not found`);
      return row;
    },
  );
}
