import type { FastifyInstance } from 'fastify';
import { registerCatalogueRoutes } from '../catalogue/routes.js';
import { InvestorRow } from '../../../shared/catalogue-row-schemas.js';
import { visibleContact } from '../contacts/contact-store.js';
import { contactProperties } from '../contacts/schemas.js';

/** GET /investors/search and GET /investors/{id}: a catalogue investor, or a private contact the caller may see. */
export async function investorRoutes(app: FastifyInstance) {
  registerCatalogueRoutes(app, app.catalogue.investors, InvestorRow, 'Investors', {
    byId: async (userId, id) => {
      const contact = await visibleContact(app.db, userId, id);
      return contact && { ...contact, fit: null };
    },
    properties: contactProperties,
  });
}
