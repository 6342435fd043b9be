import type { FastifyInstance } from 'fastify';
import { registerCatalogueRoutes } from '../catalogue/routes.js';
import { FundRow } from '../../../shared/catalogue-row-schemas.js';

/** GET /funds/search and GET /funds/{id}. */
export async function fundRoutes(app: FastifyInstance) {
  registerCatalogueRoutes(app, app.catalogue.funds, FundRow, 'Funds');
}
