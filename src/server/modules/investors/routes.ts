import type { FastifyInstance } from 'fastify';
import { registerCatalogueRoutes } from '../catalogue/routes.js';
import { investorSchema } from '../catalogue/schemas.js';

/** GET /investors/search and GET /investors/{id} (SPEC §7). */
export async function investorRoutes(app: FastifyInstance) {
  registerCatalogueRoutes(app, app.catalogue.investors, investorSchema, 'Investors');
}
