import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { IMPORT_BODY_MAX_BYTES, IMPORT_PREVIEWS_PER_HOUR, IMPORTS_PER_HOUR, type ImportCommitRow, type ImportRow } from '../../../shared/imports.js';
import type { RateRule } from '../../plugins/rate-limit.js';
import { importRows, undoImport } from './import-store.js';
import { previewImport } from './preview.js';
import { importSchema, previewSchema, undoableImportsSchema, undoSchema } from './schemas.js';
import { undoableImports } from './undoable-imports.js';

const HOUR = 60 * 60 * 1000;
const PREVIEW_RATE: RateRule[] = [
  { name: 'import-preview-user', max: IMPORT_PREVIEWS_PER_HOUR, windowMs: HOUR, key: (request) => String(request.userId) },
];
const IMPORT_RATE: RateRule[] = [{ name: 'import-user', max: IMPORTS_PER_HOUR, windowMs: HOUR, key: (request) => String(request.userId) }];

/** Importing a spreadsheet into an investor list (README, "Importing a spreadsheet"), under /api/v1/lists/{id}/imports. */
export async function importsModule(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/:id/imports/preview',
    { schema: previewSchema, bodyLimit: IMPORT_BODY_MAX_BYTES, preHandler: app.rateLimited(PREVIEW_RATE) },
    async (request) => ({ rows: await previewImport(app.db, request.userId, request.params.id, request.body.rows as unknown as ImportRow[]) }),
  );

  app.post(
    '/:id/imports',
    { schema: importSchema, bodyLimit: IMPORT_BODY_MAX_BYTES, preHandler: app.rateLimited(IMPORT_RATE) },
    async (request, reply) => {
      const caller = { userId: request.userId, listId: request.params.id };
      const result = await importRows(app, caller, request.body.file_name.trim(), request.body.rows as unknown as ImportCommitRow[]);
      return reply.status(201).send(result);
    },
  );

  app.get('/:id/imports', { schema: undoableImportsSchema }, async (request) =>
    undoableImports(app.db, { userId: request.userId, listId: request.params.id }),
  );

  app.delete('/:id/imports/:importId', { schema: undoSchema }, async (request, reply) => {
    await undoImport(app, { userId: request.userId, listId: request.params.id }, request.params.importId);
    return reply.status(204).send(null);
  });
}
