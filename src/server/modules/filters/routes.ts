import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { FUND_FILTER_PATHS, INVESTOR_FILTER_PATHS } from '../../../shared/api-paths.js';
import { facetByOptionKey } from '../catalogue/catalogues.js';
import type { CatalogueSearch } from '../catalogue/search.js';
import { errorBody, noQuery } from '../../plugins/validation.js';
import { FilterOptions } from './options.js';

const optionList = Type.Array(Type.Object({ label: Type.String(), value: Type.String() }));

/** GET /filters/investors/{path} and /filters/investment-funds/{path}: each answers { [key]: options }. */
export async function filterRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const options = new FilterOptions(app.db);

  const register = (prefix: string, search: CatalogueSearch, paths: Record<string, string>, tag: string) => {
    for (const [path, key] of Object.entries(paths)) {
      const facet = facetByOptionKey(search.catalogue, key);
      app.get(
        `/filters/${prefix}/${path}`,
        {
          onRequest: app.authenticate,
          schema: {
            tags: [tag],
            summary: `Options of the ${key} filter, sorted for reading`,
            security: [{ bearer: [] }],
            querystring: noQuery,
            response: { 200: Type.Object({ [key]: optionList }), 401: errorBody, 422: errorBody },
          },
        },
        async () => ({ [key]: await options.get(search, facet) }),
      );
    }
  };
  register('investors', app.catalogue.investors, INVESTOR_FILTER_PATHS, 'Investor filters');
  register('investment-funds', app.catalogue.funds, FUND_FILTER_PATHS, 'Fund filters');
}
