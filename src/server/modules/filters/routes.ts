import type { FastifyInstance } from 'fastify';
import { FUND_FILTER_PATHS, INVESTOR_FILTER_PATHS } from '../../../shared/api-paths.js';
import { facetByOptionKey } from '../catalogue/catalogues.js';
import type { CatalogueSearch } from '../catalogue/search.js';
import { errorSchema, noQuerySchema } from '../catalogue/schemas.js';
import { FilterOptions } from './options.js';

const optionList = {
  type: 'array',
  items: {
    type: 'object',
    properties: { label: { type: 'string' }, value: { type: 'string' } },
    required: ['label', 'value'],
  },
} as const;

/** GET /filters/investors/{path} and /filters/investment-funds/{path}: each answers { [key]: options }. */
export async function filterRoutes(app: FastifyInstance) {
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
            querystring: noQuerySchema,
            response: {
              200: { type: 'object', properties: { [key]: optionList }, required: [key] },
              401: errorSchema,
              422: errorSchema,
            },
          },
        },
        async () => ({ [key]: await options.get(search, facet) }),
      );
    }
  };
  register('investors', app.catalogue.investors, INVESTOR_FILTER_PATHS, 'Investor filters');
  register('investment-funds', app.catalogue.funds, FUND_FILTER_PATHS, 'Fund filters');
}
