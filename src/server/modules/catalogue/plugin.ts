import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fundCatalogue, investorCatalogue } from './catalogues.js';
import { CatalogueSearch } from './search.js';

export interface CatalogueSearches {
  investors: CatalogueSearch;
  funds: CatalogueSearch;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One search service per catalogue, shared by its routes (and the benchmark). */
    catalogue: CatalogueSearches;
  }
}

/**
 * The catalogue search services. Once the app is ready their facet indexes are built in the
 * background (about a second per 100,000 rows); until then searches go to SQL.
 */
export const catalogueService = fp(
  async (app: FastifyInstance) => {
    const make = (catalogue: typeof investorCatalogue) =>
      new CatalogueSearch(app.db, catalogue, {
        onIndexError: (error) => app.log.error({ err: error }, `${catalogue.name}: building the facet index failed`),
      });
    const searches: CatalogueSearches = { investors: make(investorCatalogue), funds: make(fundCatalogue) };
    app.decorate('catalogue', searches);

    let warming: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      warming = Promise.all(
        Object.values(searches).map(async (search: CatalogueSearch) => {
          const started = performance.now();
          try {
            await search.warmUp();
            app.log.info(
              `${search.catalogue.name}: facet index ready in ${Math.round(performance.now() - started)} ms`,
            );
          } catch (error) {
            app.log.error({ err: error }, `${search.catalogue.name}: building the facet index failed`);
          }
        }),
      );
    });
    // Nothing may still be reading the database when it closes: a rebuild waiting for a quiet catalogue
    // gives up, one running is let finish.
    app.addHook('onClose', async () => {
      await warming;
      await Promise.all(Object.values(searches).map((search: CatalogueSearch) => search.stop()));
    });
  },
  { name: 'catalogue' },
);
