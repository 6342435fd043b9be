import { Type } from '@sinclair/typebox';
import type { Readable } from 'node:stream';
import { DECK_LIMITS } from '../../../shared/decks.js';
import { EMAIL_MAX_LENGTH } from '../../../shared/form-rules.js';
import { idParams, isoTime, itemParams, nullable, publicCall, resourceId, userCall, userChange } from '../../plugins/validation.js';
import { PersonOrNull } from '../pipeline/schemas.js';

// TypeBox schemas of the deck calls (issue 47): the founder's, and the viewer's public ones.

const megabytes = DECK_LIMITS.bytes / 1024 / 1024;
const name = Type.String({ minLength: 1, maxLength: DECK_LIMITS.nameChars });
const email = Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH });

export const DeckVersionSchema = Type.Object({
  id: Type.Integer(),
  version: Type.Integer({ description: '1, 2, … in the order uploaded' }),
  file_name: Type.String(),
  bytes: Type.Integer(),
  page_count: Type.Integer(),
  created_at: isoTime,
});

export const DeckSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  latest: DeckVersionSchema,
  versions: Type.Optional(Type.Array(DeckVersionSchema, { description: 'Newest first; GET /decks/{id} only' })),
  link_count: Type.Integer(),
  created_at: isoTime,
  updated_at: isoTime,
});

const SummarySchema = Type.Object({
  visits: Type.Integer(),
  total_ms: Type.Integer(),
  last_visit_at: nullable(isoTime),
  pages_reached: Type.Integer({ description: 'Distinct pages read for at least a second' }),
  page_count: Type.Integer(),
});

export const DeckLinkSchema = Type.Object({
  id: Type.Integer(),
  deck_id: Type.Integer(),
  deck_name: Type.String(),
  token: Type.String(),
  name: nullable(Type.String()),
  row: nullable(Type.Object({ list_id: Type.Integer(), investor_id: Type.Integer(), investor_name: Type.String() })),
  version_id: nullable(Type.Integer(), { description: 'A pinned version, or null for the latest' }),
  shows_version: Type.Integer(),
  require_email: Type.Boolean(),
  email: nullable(Type.String()),
  expires_at: nullable(isoTime),
  allow_download: Type.Boolean(),
  watermark: Type.Boolean(),
  revoked_at: nullable(isoTime),
  created_by: PersonOrNull,
  created_at: isoTime,
  summary: SummarySchema,
});

const uploadRules =
  `The PDF as the body (\`Content-Type: application/pdf\`, another type 415), at most ${megabytes} MB (413, from ` +
  `Content-Length before a byte is read) and ${DECK_LIMITS.pages} pages, checked by its bytes: not a PDF 415; empty, ` +
  'protected by a password, damaged or without pages 422 saying so; nothing is kept then.';
const fileName = Type.String({ minLength: 1, maxLength: 200, description: "The file's name as the founder chose it (default: the deck's name)" });

export const listDecksSchema = userCall({
  tags: ['decks'],
  summary: 'Your decks, the latest changed first',
  response: { 200: Type.Array(DeckSchema) },
});

export const createDeckSchema = userCall({
  tags: ['decks'],
  summary: 'Upload a PDF as a new deck',
  description: `${uploadRules} At most ${DECK_LIMITS.decksPerAccount} decks an account (422).`,
  querystring: Type.Object({ name, file_name: Type.Optional(fileName) }, { additionalProperties: false }),
  response: { 201: DeckSchema },
});

export const addVersionSchema = userCall({
  tags: ['decks'],
  summary: 'Upload a PDF as the newest version of a deck',
  description: `${uploadRules} Links not pinned to a version show it from now on. At most ${DECK_LIMITS.versionsPerDeck} versions a deck (422).`,
  params: idParams,
  querystring: Type.Object({ file_name: Type.Optional(fileName) }, { additionalProperties: false }),
  response: { 201: DeckSchema },
});

export const getDeckSchema = userCall({
  tags: ['decks'],
  summary: 'One of your decks, with its versions (another founder’s: 404)',
  params: idParams,
  response: { 200: DeckSchema },
});

export const patchDeckSchema = userChange({
  tags: ['decks'],
  summary: 'Rename a deck',
  params: idParams,
  body: Type.Object({ name }, { additionalProperties: false }),
  response: { 200: DeckSchema },
});

export const deleteDeckSchema = userChange({
  tags: ['decks'],
  summary: 'Delete a deck, its versions and links (they answer 404 from then on)',
  params: idParams,
  response: { 204: Type.Null() },
});

const linkSettings = {
  name: Type.Optional(name),
  version_id: Type.Optional(nullable(resourceId, { description: 'Pin a version of the deck; null shows the latest' })),
  require_email: Type.Optional(Type.Boolean({ description: 'Ask for an e-mail before showing (default on)' })),
  email: Type.Optional(nullable(email, { description: "Prefilled in the gate; a row's link defaults to the investor's" })),
  expires_at: Type.Optional(nullable(isoTime, { description: 'After it the link answers 410; it must be in the future' })),
  allow_download: Type.Optional(Type.Boolean({ description: 'Offer the PDF to download (default off)' })),
  watermark: Type.Optional(Type.Boolean({ description: "Draw the viewer's e-mail and the date across each page" })),
};

export const createLinkSchema = userChange({
  tags: ['decks'],
  summary: 'Make a link to your deck: a general one (named), or one for a row of a list you own or edit',
  description:
    `A row's link (\`list_id\` and \`investor_id\`, both or neither) logs 'deck_shared' on the row's activity; a viewer ` +
    `of the list 403, a list you are not on or a row not on it 404. At most ${DECK_LIMITS.linksPerDeck} links a deck (422).`,
  params: idParams,
  body: Type.Object({ ...linkSettings, list_id: Type.Optional(resourceId), investor_id: Type.Optional(resourceId) }, { additionalProperties: false }),
  response: { 201: DeckLinkSchema },
});

export const deckLinksSchema = userCall({
  tags: ['decks'],
  summary: "Your deck's links, newest first, each with what its readers did in sum",
  params: idParams,
  response: { 200: Type.Array(DeckLinkSchema) },
});

export const patchLinkSchema = userChange({
  tags: ['decks'],
  summary: "Change a link's settings (the deck's owner; a member of the row's list 403)",
  params: idParams,
  body: Type.Object(linkSettings, { additionalProperties: false }),
  response: { 200: DeckLinkSchema },
});

export const revokeLinkSchema = userChange({
  tags: ['decks'],
  summary: 'Revoke a link: it answers 404 from then on (the deck’s owner; a member of the row’s list 403)',
  params: idParams,
  response: { 200: DeckLinkSchema },
});

export const linkStatsSchema = userCall({
  tags: ['decks'],
  summary: "What a link's readers did: in sum, time per page, and each visit's pages in order",
  description: "The deck's owner, or any member of the row's list (a viewer too).",
  params: idParams,
  response: {
    200: Type.Object({
      link: DeckLinkSchema,
      page_ms: Type.Array(Type.Integer(), { description: 'ms per page of the version shown now; index 0 is page 1' }),
      visits: Type.Array(
        Type.Object({
          started_at: isoTime,
          ended_at: isoTime,
          email: nullable(Type.String()),
          total_ms: Type.Integer(),
          pages: Type.Array(Type.Object({ page: Type.Integer(), ms: Type.Integer() })),
        }),
        { description: 'Newest first' },
      ),
    }),
  },
});

export const rowLinksSchema = userCall({
  tags: ['decks'],
  summary: 'The deck links made for a row of a list (any member of the list)',
  params: itemParams,
  response: { 200: Type.Array(DeckLinkSchema) },
});

// ---- The viewer's public calls ----

/** A link's token as issued (32 base64url characters); anything else is no link. */
const token = Type.String({ minLength: 1, maxLength: 200 });
export const TokenParams = Type.Object({ token }, { additionalProperties: false });
const ViewParams = Type.Object({ token, viewId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }, { additionalProperties: false });
const key = Type.String({ minLength: 1, maxLength: 200 });

export const publicLinkSchema = publicCall({
  tags: ['deck viewer'],
  summary: "What a link's gate shows (no log-in): 404 unknown or revoked, 410 expired",
  params: TokenParams,
  response: {
    200: Type.Object({
      deck_name: Type.String(),
      page_count: Type.Integer(),
      require_email: Type.Boolean(),
      email: nullable(Type.String()),
      allow_download: Type.Boolean(),
      watermark: Type.Boolean(),
    }),
  },
});

export const startViewSchema = publicCall({
  tags: ['deck viewer'],
  summary: 'Pass the gate: a view of the deck, and its key (answered once; only its hash is kept)',
  description: 'An e-mail is required when the link asks for one (422). No address of the viewer is kept.',
  params: TokenParams,
  body: Type.Object({ email: Type.Optional(email) }, { additionalProperties: false }),
  response: {
    201: Type.Object({ view_id: Type.Integer(), key: Type.String(), page_count: Type.Integer(), watermark: nullable(Type.String()) }),
  },
});

export const viewFileSchema = publicCall({
  tags: ['deck viewer'],
  summary: 'The PDF, for that view of that link only (`Cache-Control: no-store, private`)',
  description: '`download=1` (an attachment) only when the link allows download, else 403; a wrong key 403.',
  params: ViewParams,
  querystring: Type.Object({ key, download: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) }, { additionalProperties: false }),
  response: { 200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'application/pdf' }) },
});

const most = DECK_LIMITS.beaconEveryMs * 10;
export const beaconSchema = publicCall({
  tags: ['deck viewer'],
  summary: 'Time read per page since the last beacon of this view (JSON, or text/plain as sendBeacon sends it)',
  description:
    '`seq` must grow (a replay 409); pages of the version shown, each at most a beacon interval and the view\'s total ' +
    'never more than the time since it began (422, nothing recorded); a wrong key 403, a view of another link 404.',
  params: ViewParams,
  body: Type.Object(
    {
      key,
      seq: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Grows by one each beacon of the view' }),
      pages: Type.Array(
        Type.Object({ page: Type.Integer({ minimum: 1, maximum: DECK_LIMITS.pages }), ms: Type.Integer({ minimum: 0, maximum: most }) }, { additionalProperties: false }),
        { maxItems: DECK_LIMITS.pagesPerBeacon },
      ),
    },
    { additionalProperties: false },
  ),
  response: { 204: Type.Null() },
});

