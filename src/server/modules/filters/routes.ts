import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { FILTER_CALLS } from '../../../shared/catalogue-filters.js';
import type { CatalogueSearch } from '../catalogue/search.js';
import { bearerSecurity, errorBody, noQuery } from '../../plugins/validation.js';
import { FilterOptions } from './options.js';

const optionList = Type.Array(Type.Object({ label: Type.String(), value: Type.String() }));

/**
 * GET /filters/investors/{path} and /filters/investment-funds/{path}, one per filter that has a filter call
 * (shared/catalogue-filters.ts): each answers { [key]: options }.
 */
export async function filterRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const options = new FilterOptions(app.db);

  const register = (search: CatalogueSearch) => {
    const { catalogue } = search;
    for (const facet of catalogue.facets) {
      const { optionsPath, optionsKey: key } = facet;
      if (optionsPath === undefined || key === undefined) continue;
      app.get(
        `${FILTER_CALLS[catalogue.name]}/${optionsPath}`,
        {
          onRequest: app.authenticate,
          schema: {
            tags: [`${catalogue.noun} filters`],
            summary: `Options of the ${key} filter, sorted for reading`,
            security: bearerSecurity,
            querystring: noQuery,
            response: { 200: Type.Object({ [key]: optionList }), 401: errorBody, 422: errorBody },
          },
        },
        async () => ({ [key]: await options.get(search, facet) }),
      );
    }
  };
  register(app.catalogue.investors);
  register(app.catalogue.funds);
}
