// Decks and deck links (issue 47; README, "Decks"): the founder's calls (a log-in), and the viewer's public ones
// (the link's token, then a view's key), rate limited per address.
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { normalizeIP } from '@fastify/rate-limit';
import { DECK_LIMITS } from '../../../shared/decks.js';
import { HttpError } from '../../plugins/error-handler.js';
import { perUser, type RateRule } from '../../plugins/rate-limit.js';
import { addVersion, assertDeckRoom, assertVersionRoom, createDeck, getDeck, listDecks, renameDeck, type CheckedPdf } from './deck-store.js';
import { createLink, deckLinksOf, deleteDeck, linkStats, patchLink, revokeLink, rowLinks } from './link-store.js';
import { DECK_MESSAGES, PdfReader } from './pdf-reader.js';
import {
  addVersionSchema,
  beaconSchema,
  createDeckSchema,
  createLinkSchema,
  deckLinksSchema,
  deleteDeckSchema,
  getDeckSchema,
  linkStatsSchema,
  listDecksSchema,
  patchDeckSchema,
  patchLinkSchema,
  publicLinkSchema,
  revokeLinkSchema,
  rowLinksSchema,
  startViewSchema,
  viewFileSchema,
} from './schemas.js';
import { withPriority } from '../../db/priority-lane.js';
import { BeaconQueue } from './beacon-queue.js';
import { writeBeacons } from './beacon-writes.js';
import { acceptBeacon, publicLink, startView, viewFile } from './view-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads uploaded PDFs' page counts off the event loop. */
    pdfReader: PdfReader;
    /** Readers' beacons, checked and answered at once, counted in batches. */
    deckBeacons: BeaconQueue;
  }
}

export interface DeckOptions {
  clock: () => Date;
}

const megabytes = DECK_LIMITS.bytes / 1024 / 1024;
const MINUTE = 60_000;
/** Uploads (new decks and versions together) one account may send an hour. */
export const DECK_UPLOADS_PER_HOUR = 30;

/** How long an accepted beacon may wait to be written: a batch is what arrives in that time. */
export const BEACON_WRITE_EVERY_MS = 1000;

/** The PDF reader's thread, and the beacons' queue; closed with the app, the queue written first. */
export const deckService = fp(async (app: FastifyInstance) => {
  const reader = new PdfReader();
  app.decorate('pdfReader', reader);
  app.decorate('deckBeacons', new BeaconQueue((beacons) => writeBeacons(app, beacons), BEACON_WRITE_EVERY_MS));
  app.addHook('onClose', async () => {
    await app.deckBeacons.flush();
    await reader.close();
  });
});

/** A body of another type, or declared larger than a deck may be, is refused before a byte of it is read. */
async function refuseUnfitDeck(request: FastifyRequest): Promise<void> {
  if (!/^application\/pdf\s*(;|$)/i.test(request.headers['content-type'] ?? '')) throw new HttpError(415, DECK_MESSAGES.notPdf);
  if (Number(request.headers['content-length']) > DECK_LIMITS.bytes) {
    throw new HttpError(413, `A deck may be ${megabytes} MB at most`);
  }
}

/** A file's name as the founder named it, or the deck's. */
const fileNameOf = (given: string | undefined, deckName: string) => (given?.trim() || `${deckName}.pdf`).replace(/[\\/\r\n"]/g, '_');

const nameOf = (name: string) => {
  const trimmed = name.trim();
  if (trimmed === '') throw new HttpError(422, "'name' must not be blank");
  return trimmed;
};

/** The founder's calls under /api/v1: decks, their versions and links, and a row's links. */
export const decksModule: FastifyPluginAsyncTypebox<DeckOptions> = async (app, { clock }) => {
  app.addHook('onRequest', app.authenticate);
  // What a founder reads of her links counts every beacon this instance has answered.
  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET') await app.deckBeacons.flush();
  });
  // Read as it arrives, stopped (413) once past the limit: a chunked body declares no length.
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: DECK_LIMITS.bytes }, (_request, body, done) => done(null, body));

  /** The upload's bytes checked as a deck: the content type, then what pdf.js reads of them in its thread. */
  const checkedPdf = async (request: FastifyRequest, fileName: string): Promise<CheckedPdf> => {
    const body = request.body;
    const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    const { pageCount, sha256 } = await app.pdfReader.check(bytes);
    return { bytes, pageCount, sha256, fileName };
  };
  const upload = { bodyLimit: DECK_LIMITS.bytes };
  // Counted before the body is read: each upload costs a thread's parse and 50 MB of writes at most.
  const uploadsPerHour = app.rateLimited([perUser('deck-uploads-user', DECK_UPLOADS_PER_HOUR, 60 * MINUTE)]);

  app.get('/decks', { schema: listDecksSchema }, (request) => listDecks(app.db, request.userId));

  app.post(
    '/decks',
    {
      schema: createDeckSchema,
      ...upload,
      onRequest: [refuseUnfitDeck, uploadsPerHour, async (request) => assertDeckRoom(app.db, request.userId)],
    },
    async (request, reply) => {
      const name = nameOf(request.query.name);
      const pdf = await checkedPdf(request, fileNameOf(request.query.file_name, name));
      return reply.status(201).send(await createDeck(app.db, request.userId, name, pdf));
    },
  );

  app.get('/decks/:id', { schema: getDeckSchema }, (request) => getDeck(app.db, request.userId, request.params.id));

  app.patch('/decks/:id', { schema: patchDeckSchema }, (request) => renameDeck(app.db, request.userId, request.params.id, nameOf(request.body.name)));

  app.delete('/decks/:id', { schema: deleteDeckSchema }, async (request, reply) => {
    await deleteDeck(app, request.userId, request.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    '/decks/:id/versions',
    {
      schema: addVersionSchema,
      ...upload,
      onRequest: [refuseUnfitDeck, uploadsPerHour],
      // The deck is hers and has room: known before the body is read (params are parsed by then).
      preParsing: async (request) => {
        const { id } = request.params as { id: unknown };
        const deckId = Number(id);
        if (Number.isSafeInteger(deckId) && deckId > 0 && deckId <= 2_147_483_647) await assertVersionRoom(app.db, request.userId, deckId);
      },
    },
    async (request, reply) => {
      const deck = await getDeck(app.db, request.userId, request.params.id);
      const pdf = await checkedPdf(request, fileNameOf(request.query.file_name, deck.name));
      return reply.status(201).send(await addVersion(app.db, request.userId, request.params.id, pdf));
    },
  );

  app.get('/decks/:id/links', { schema: deckLinksSchema }, (request) => deckLinksOf(app.db, request.userId, request.params.id));

  app.post('/decks/:id/links', { schema: createLinkSchema }, async (request, reply) =>
    reply.status(201).send(await createLink(app, request.userId, request.params.id, request.body, clock())),
  );

  app.patch('/deck-links/:id', { schema: patchLinkSchema }, (request) => patchLink(app.db, request.userId, request.params.id, request.body, clock()));

  app.post('/deck-links/:id/revoke', { schema: revokeLinkSchema }, (request) => revokeLink(app.db, request.userId, request.params.id));

  app.get('/deck-links/:id/stats', { schema: linkStatsSchema }, (request) => linkStats(app.db, request.userId, request.params.id));

  app.get('/lists/:id/investors/:itemId/deck-links', { schema: rowLinksSchema }, (request) =>
    rowLinks(app.db, request.userId, request.params.id, request.params.itemId),
  );
};

/** The client's address; an IPv6 client by its /64. Counted, hashed, never stored with a view. */
const byIp = (request: FastifyRequest) => normalizeIP(request.ip, 64);

/**
 * Per address: a reader opens a link now and then and sends a beacon every 10 s (a few readers behind one office's
 * address included); thousands a minute from one address are refused.
 */
export const VIEWER_RATE_RULES = {
  gate: [{ name: 'deck-gate-ip', max: 120, windowMs: MINUTE, key: byIp }],
  views: [{ name: 'deck-views-ip', max: 60, windowMs: 15 * MINUTE, key: byIp }],
  file: [{ name: 'deck-file-ip', max: 60, windowMs: 15 * MINUTE, key: byIp }],
  beacons: [{ name: 'deck-beacons-ip', max: 600, windowMs: MINUTE, key: byIp }],
} satisfies Record<string, RateRule[]>;

/** The viewer's calls under /api/v1/d/{token}: no log-in. */
export const deckViewerModule: FastifyPluginAsyncTypebox<DeckOptions> = async (app, { clock }) => {
  // sendBeacon posts its JSON as text/plain.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 32 * 1024 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'The beacon is not JSON'), undefined);
    }
  });
  const noStore = { 'cache-control': 'no-store, private' };

  app.get('/d/:token', { schema: publicLinkSchema, preHandler: app.rateLimited(VIEWER_RATE_RULES.gate) }, async (request, reply) =>
    reply.headers(noStore).send(await publicLink(app.db, request.params.token, clock())),
  );

  app.post('/d/:token/views', { schema: startViewSchema, preHandler: app.rateLimited(VIEWER_RATE_RULES.views) }, async (request, reply) =>
    reply.status(201).headers(noStore).send(await startView(app.db, request.params.token, request.body.email, clock())),
  );

  app.get('/d/:token/views/:viewId/file', { schema: viewFileSchema, preHandler: app.rateLimited(VIEWER_RATE_RULES.file) }, async (request, reply) => {
    const { token, viewId } = request.params;
    const download = request.query.download === 1;
    const file = await viewFile(app.db, token, viewId, request.query.key, download, clock());
    // The name as chosen (RFC 8187's filename*), and a plain-ASCII one for clients that read only filename.
    const disposition = contentDisposition(file.fileName, { type: download ? 'attachment' : 'inline', fallback: file.fileName.replace(/[^\x20-\x7e]/g, '_') });
    return reply
      .headers({
        ...noStore,
        'content-type': 'application/pdf',
        'content-length': file.bytes,
        'content-disposition': disposition,
        'x-content-type-options': 'nosniff',
      })
      .send(file.stream);
  });

  // A beacon's two statements (its rate limit, its check), made side by side, go ahead of the searches waiting: see priority-lane.ts.
  const beaconLimit = app.rateLimited(VIEWER_RATE_RULES.beacons);
  app.post('/d/:token/views/:viewId/beacon', { schema: beaconSchema }, (request, reply) =>
    withPriority(async () => {
      const { token, viewId } = request.params;
      await acceptBeacon(app.db, app.deckBeacons, { token, viewId, beacon: request.body, now: clock() }, beaconLimit.call(app, request, reply));
      return reply.status(204).send(null);
    }),
  );
};
