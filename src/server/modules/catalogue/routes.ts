import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../plugins/error-handler.js';
import { bearerSecurity, errorBody, idParams, noQuery } from '../../plugins/validation.js';
import { pagedSchema, scoredRowSchema, searchQuerySchema } from './schemas.js';
import { fitProfileFor } from '../startup/startup-store.js';
import type { CatalogueSearch } from './search.js';
import type { Scored } from '../../../shared/api-types.js';
import type { WireRow } from './wire.js';
import { FIT_NEEDS_PROFILE, fitQueryOf, usesFit } from './facet-index.js';
import { readSearchFilter } from './search-sql.js';

/** What GET /{catalogue}/{id} answers for an id the catalogue lacks: a row of another source the caller may see. */
export interface OutsideCatalogue {
  /** The row with `fit` null: the route scores it as it scores the catalogue's. */
  byId(userId: number, id: number): Promise<Scored<WireRow> | undefined>;
  /** The fields such a row has beside the catalogue's (all optional). */
  properties: TProperties;
}

/** GET /{catalogue}/search and GET /{catalogue}/{id}, behind a valid access token. */
export function registerCatalogueRoutes(
  instance: FastifyInstance,
  search: CatalogueSearch,
  wireRow: TObject,
  tag: string,
  outside?: OutsideCatalogue,
) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { catalogue } = search;
  const rowSchema = scoredRowSchema(wireRow);
  const oneRowSchema = outside ? Type.Object({ ...rowSchema.properties, ...outside.properties }) : rowSchema;
  const errors = { 401: errorBody, 422: errorBody };

  app.get(
    `/${catalogue.name}/search`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: [tag],
        summary: `Search ${catalogue.name}: OR within a filter, AND across filters`,
        description:
          'Each row carries `fit`, its score against the caller\'s startup profile (null without one). ' +
          '`sort=fit` ranks by it, best first and ties in the default order; `min_fit` keeps the rows scoring at ' +
          'least it. Both need a profile (422 without).',
        security: bearerSecurity,
        querystring: searchQuerySchema(catalogue),
        response: { 200: pagedSchema(rowSchema), ...errors },
      },
    },
    async (request) => {
      const { query } = request;
      const filter = readSearchFilter(catalogue, query);
      if (!usesFit(query)) {
        // The profile only scores the page's rows: read it while the page is found.
        const [profile, page] = await Promise.all([
          fitProfileFor(app.db, request.userId),
          search.search(filter, query.page, query.per_page),
        ]);
        return profile ? search.rescored(page, profile) : page;
      }
      const profile = await fitProfileFor(app.db, request.userId);
      if (!profile) throw new HttpError(422, FIT_NEEDS_PROFILE);
      return search.search(filter, query.page, query.per_page, profile, fitQueryOf(query, profile));
    },
  );

  app.get(
    `/${catalogue.name}/:id`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: [tag],
        summary: `One ${catalogue.noun.toLowerCase()}`,
        security: bearerSecurity,
        params: idParams,
        querystring: noQuery,
        response: { 200: oneRowSchema, 404: errorBody, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [profile, row] = await Promise.all([
        fitProfileFor(app.db, request.userId),
        search.byId(id).then((found) => found ?? outside?.byId(request.userId, id)),
      ]);
      if (!row) throw new HttpError(404, `${catalogue.noun} ${id} not found`);
      return profile ? search.scored(row, profile) : row;
    },
  );
}
