import { Type, type TProperties } from '@sinclair/typebox';
import { CONTACT_TEXT_MAX } from '../../../shared/contacts.js';
import {
  IMPORT_BODY_MAX_BYTES,
  IMPORT_CANDIDATES_MAX,
  IMPORT_FILE_NAME_MAX,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEWS_PER_HOUR,
  IMPORT_UNDO_HOURS,
  IMPORTS_PER_HOUR,
} from '../../../shared/imports.js';
import { NOTE_MAX_LENGTH } from '../../../shared/pipeline.js';
import { idParams, isoTime, nullable, resourceId, stringEnum, userCall, userChange } from '../../plugins/validation.js';
import { contactFieldSchemas } from '../contacts/schemas.js';
import { PersonOrNull, PersonSchema } from '../pipeline/schemas.js';

// A row's values are bounded here and checked by import-rows.ts, which names each problem by row and field.
const rowFields = {
  ...contactFieldSchemas(CONTACT_TEXT_MAX * 5),
  pipeline: Type.Optional(
    Type.Object(
      {
        stage: Type.Optional(nullable(Type.String({ maxLength: 40, description: 'A pipeline stage: lead, contacted, meeting, term_sheet, committed, passed' }))),
        amount: Type.Optional(nullable(Type.Number({ description: 'Whole US dollars' }))),
        follow_up_on: Type.Optional(nullable(Type.String({ maxLength: 40, description: 'YYYY-MM-DD' }))),
        note: Type.Optional(nullable(Type.String({ maxLength: NOTE_MAX_LENGTH * 2 }))),
      },
      { additionalProperties: false },
    ),
  ),
};

const Decision = Type.Union([
  Type.Object({ action: Type.Literal('link'), investor_id: resourceId }, { additionalProperties: false }),
  Type.Object({ action: Type.Literal('create') }, { additionalProperties: false }),
  Type.Object({ action: Type.Literal('skip') }, { additionalProperties: false }),
]);

const rows = <T extends TProperties>(properties: T) =>
  Type.Array(Type.Object(properties, { additionalProperties: false }), { minItems: 1, maxItems: IMPORT_MAX_ROWS });

const limits =
  `At most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows (422) and ${IMPORT_BODY_MAX_BYTES / 1024 / 1024} MB of JSON (413, ` +
  'refused by its Content-Length before the body is read). One preview or import at a time per user, and a few per ' +
  'instance (429 with Retry-After, before the body is read); on PostgreSQL a statement cancelled after 5 s is a 503. ' +
  'List-scoped like every list call: a list the caller is not on is a 404, a viewer gets 403, a fund list 422.';

const RowError = Type.Object({ field: Type.String(), detail: Type.String() });
const Candidate = Type.Object({
  investor_id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  firm_name: Type.String(),
  contact_title: Type.String(),
  email: Type.String(),
  city: Type.String(),
  country: Type.String(),
  private: Type.Optional(Type.Boolean({ description: "One of the caller's private contacts" })),
});
const Match = Type.Object({
  investor_id: Type.Integer(),
  confidence: stringEnum(['exact', 'likely']),
  by: stringEnum(['email', 'domain_and_last_name', 'name_and_firm']),
});

export const previewSchema = userCall({
  tags: ['Imports'],
  summary: 'Check and match the rows of a spreadsheet before importing them into an investor list (changes nothing)',
  description:
    'Each row (numbered from 0 in the order sent) is checked again and matched, in this order: the same e-mail in any ' +
    'case (exact); the same website domain and last name, or the same first and last name and firm once case, accents, ' +
    'punctuation and suffixes such as Capital, Ventures or LLC are set aside (likely) — in the catalogue, then among the ' +
    `caller's private contacts; else null. \`candidates\`: the match first, then up to ${IMPORT_CANDIDATES_MAX} by name ` +
    '(same last name, a similar first name) for a row without an exact match. `duplicate_of_row`: the first earlier row ' +
    'with the same e-mail, match, or name and firm. `on_list`: the match is on the list already. ' +
    `${limits} ${IMPORT_PREVIEWS_PER_HOUR} previews an hour per user (429).`,
  params: idParams,
  body: Type.Object({ rows: rows(rowFields) }, { additionalProperties: false }),
  response: {
    200: Type.Object({
      rows: Type.Array(
        Type.Object({
          row: Type.Integer(),
          match: nullable(Match),
          candidates: Type.Array(Candidate),
          duplicate_of_row: nullable(Type.Integer()),
          on_list: Type.Boolean(),
          errors: Type.Array(RowError),
        }),
      ),
    }),
  },
});

const ImportCounts = {
  id: Type.Integer(),
  added: Type.Integer({ description: 'Investors added to the list (catalogue investors, or private contacts made before)' }),
  created: Type.Integer({ description: 'Private contacts created and added' }),
  updated: Type.Integer({ description: 'Rows on the list already whose pipeline fields or notes it changed' }),
  skipped: Type.Integer(),
};

export const importSchema = userChange({
  tags: ['Imports'],
  summary: 'Import the rows of a spreadsheet into an investor list: all of them or none',
  description:
    'Each row as for the preview, with its `decision`: link it to an investor (a catalogue investor, or a private ' +
    'contact the caller sees; a row on the list already has its pipeline fields updated and its note added), create a ' +
    'private contact of it (first and last name needed), or skip it. Any row in error, or linking an investor an earlier ' +
    'row links, is a 422 naming the rows, and nothing lands. The rows it adds say "imported" in their activity, with ' +
    `the file's name. ${limits} ${IMPORTS_PER_HOUR} imports an hour per user (429).`,
  params: idParams,
  body: Type.Object(
    {
      file_name: Type.String({ minLength: 1, maxLength: IMPORT_FILE_NAME_MAX }),
      rows: rows({ ...rowFields, decision: Decision }),
    },
    { additionalProperties: false },
  ),
  response: { 201: Type.Object(ImportCounts) },
});

export const undoableImportsSchema = userCall({
  tags: ['Imports'],
  summary: `The list's imports that can still be undone (within ${IMPORT_UNDO_HOURS} hours, not undone), newest first`,
  description:
    'Each with its counts as the import answered them, who imported it (null once their account is deleted), ' +
    '`undo_until`, whether the caller may undo it (`can_undo`: the member who imported it or the list\'s owner) and ' +
    "`others_work`: other members' notes and pipeline changes on the rows its undo would remove, which go with them. " +
    'Any member of the list may read them. A list the caller is not on is a 404.',
  params: idParams,
  response: {
    200: Type.Array(
      Type.Object({
        ...ImportCounts,
        file_name: Type.String(),
        created_at: isoTime,
        user: PersonOrNull,
        undo_until: Type.String({ format: 'date-time', description: `created_at + ${IMPORT_UNDO_HOURS} hours` }),
        can_undo: Type.Boolean(),
        others_work: Type.Array(Type.Object({ user: PersonSchema, notes: Type.Integer(), changes: Type.Integer() })),
      }),
    ),
  },
});

export const undoSchema = userChange({
  tags: ['Imports'],
  summary: `Undo an import, within ${IMPORT_UNDO_HOURS} hours (410 after, or once undone)`,
  description:
    "For the member who imported it or the list's owner (403 for another editor). Removes the rows it added (with " +
    'their notes, whoever wrote them), puts back each pipeline field it changed unless changed again since, deletes ' +
    'the notes it added, and deletes the private contacts it created that the caller owns and no list holds now. ' +
    'Answers what it did and what it kept.',
  params: Type.Object({ id: resourceId, importId: resourceId }, { additionalProperties: false }),
  response: {
    200: Type.Object({
      removed: Type.Integer(),
      restored: Type.Integer(),
      notes_deleted: Type.Integer(),
      contacts_deleted: Type.Integer(),
      kept: Type.Object({
        rows: Type.Integer({ description: 'Rows it added that were removed and added again since: they stay' }),
        contacts: Type.Integer({ description: "Private contacts it created that stay: on a list now, or another member's" }),
      }),
    }),
  },
});
