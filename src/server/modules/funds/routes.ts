import type { FastifyInstance } from 'fastify';
import { registerCatalogueRoutes } from '../catalogue/routes.js';
import { fundSchema } from '../catalogue/schemas.js';

/** GET /funds/search and GET /funds/{id} (SPEC §7). */
export async function fundRoutes(app: FastifyInstance) {
  registerCatalogueRoutes(app, app.catalogue.funds, fundSchema, 'Funds');
}
