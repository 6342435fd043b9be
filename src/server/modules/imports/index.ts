import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_BODY_MAX_BYTES, IMPORT_PREVIEWS_PER_HOUR, IMPORTS_PER_HOUR, type ImportCommitRow, type ImportRow } from '../../../shared/imports.js';
import { HttpError } from '../../plugins/error-handler.js';
import { perUser, type RateRule } from '../../plugins/rate-limit.js';
import { listCaller } from '../lists/list-change.js';
import { ImportSlots, inSlot } from './import-slots.js';
import { importRows, undoImport } from './import-store.js';
import { previewImport } from './preview.js';
import { importSchema, previewSchema, undoableImportsSchema, undoSchema } from './schemas.js';
import { answeringTimeouts } from './statement-budget.js';
import { undoableImports } from './undoable-imports.js';

const HOUR = 60 * 60 * 1000;
const PREVIEW_RATE: RateRule[] = [perUser('import-preview-user', IMPORT_PREVIEWS_PER_HOUR, HOUR)];
const IMPORT_RATE: RateRule[] = [perUser('import-user', IMPORTS_PER_HOUR, HOUR)];

/** A body declared larger than any import's is refused before a byte of it is read (a chunked one, once it passes the limit). */
async function refuseLargeBody(request: FastifyRequest): Promise<void> {
  if (Number(request.headers['content-length']) > IMPORT_BODY_MAX_BYTES) {
    throw new HttpError(413, `A preview or an import carries at most ${IMPORT_BODY_MAX_BYTES / 1024 / 1024} MB of rows. Please split the file.`);
  }
}

/** Importing a spreadsheet into an investor list (README, "Importing a spreadsheet"), under /api/v1/lists/{id}/imports. */
export async function importsModule(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  // Before the body is read: its declared size, a slot (one per account, a few per instance), then the hourly
  // count, which a refusal by the first two leaves as it was.
  const slots = new ImportSlots(app.db);
  const guarded = (rate: RateRule[]) => ({
    bodyLimit: IMPORT_BODY_MAX_BYTES,
    onRequest: [refuseLargeBody, slots.take, app.rateLimited(rate)],
    // Before the answer leaves, so a client that sends its next spreadsheet on a refusal (a 422) finds the slot free.
    onSend: slots.settleBeforeSend,
    onRequestAbort: slots.settle,
  });

  app.post('/:id/imports/preview', { schema: previewSchema, ...guarded(PREVIEW_RATE) }, async (request) =>
    inSlot(request, () =>
      answeringTimeouts(async () => ({
        rows: await previewImport(app.db, request.userId, request.params.id, request.body.rows as unknown as ImportRow[]),
      })),
    ),
  );

  app.post('/:id/imports', { schema: importSchema, ...guarded(IMPORT_RATE) }, async (request, reply) => {
    const rows = request.body.rows as unknown as ImportCommitRow[];
    const result = await inSlot(request, () => answeringTimeouts(() => importRows(app, listCaller(request), request.body.file_name.trim(), rows)));
    return reply.status(201).send(result);
  });

  app.get('/:id/imports', { schema: undoableImportsSchema }, async (request) =>
    undoableImports(app.db, listCaller(request)),
  );

  app.delete('/:id/imports/:importId', { schema: undoSchema }, async (request) =>
    undoImport(app, listCaller(request), request.params.importId),
  );
}
