import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { builtFileSource, htmlPage, pageHtmlSource, type PageHtml } from './route-preloads.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The deck viewer's page as built (src/viewer/deck.html), which the decks module answers /d/TOKEN with; null without a built client. */
    deckViewerPage: () => PageHtml | null;
  }
}

const NO_CACHE = 'no-cache';
const ONE_YEAR = 'public, max-age=31536000, immutable';
/** Files that must be revalidated on every load, or a new version would never be seen. */
const ALWAYS_FRESH = new Set(['index.html', 'manifest.webmanifest', 'sw.js']);

function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ detail: `Not found: ${request.method} ${request.url.split('?')[0]}` });
}

export interface ClientOptions {
  /** The built client (vite build's outDir); when it is missing only the API is served. */
  clientDir: string;
}

/**
 * Serves the built client: hashed assets cached for a year, client routes fall back to index.html,
 * which preloads the code of the route asked for.
 */
export const client = fp(async (app: FastifyInstance, { clientDir }: ClientOptions) => {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  const deckHtml = path.join(clientDir, 'src', 'viewer', 'deck.html');
  app.decorate('deckViewerPage', builtFileSource(deckHtml, () => htmlPage(readFileSync(deckHtml, 'utf8'))));
  if (!hasClient) {
    app.log.warn(`no built client in ${clientDir}: serving the API only (run npm run build)`);
    app.setNotFoundHandler(apiNotFound);
    return;
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of the assets (vite.config.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', ALWAYS_FRESH.has(name) || !hashed ? NO_CACHE : ONE_YEAR);
    },
  });
  const pageHtml = pageHtmlSource(clientDir);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !path.extname(url);
    if (!isPage) return apiNotFound(request, reply);
    const page = pageHtml(url);
    reply.header('Cache-Control', NO_CACHE).header('ETag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(page.html);
  });
});

