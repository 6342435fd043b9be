import type { FastifyInstance } from 'fastify';
import { registerCatalogueRoutes } from '../catalogue/routes.js';
import { InvestorRow } from '../../../shared/catalogue-fields.js';

/** GET /investors/search and GET /investors/{id}. */
export async function investorRoutes(app: FastifyInstance) {
  registerCatalogueRoutes(app, app.catalogue.investors, InvestorRow, 'Investors');
}
