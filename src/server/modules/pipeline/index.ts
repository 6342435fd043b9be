import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TOUCH_BODY_MAX } from '../../../shared/capture.js';
import { FOLLOW_UP_DUE, type FollowUpDue } from '../../../shared/pipeline.js';
import { HttpError } from '../../plugins/error-handler.js';
import { LIST_KINDS } from '../lists/list-kinds.js';
import { daysBetween } from '../../../shared/days.js';
import { localDay } from './days.js';
import { followUps, memberships } from './follow-ups.js';
import { addNote, deleteNote, listNotes, noteBody } from './note-store.js';
import { withoutNoteTexts } from './note-texts.js';
import { patchRow } from './row-store.js';
import { deleteTouchSchema, listTouchesSchema, logTouchSchema, shareTouchSchema } from './touch-schemas.js';
import { deleteTouch, listTouches, logTouch, shareTouch } from './touch-store.js';
import { withoutTouchTexts } from './touch-texts.js';
import {
  addNoteSchema,
  deleteNoteSchema,
  followUpsSchema,
  listNotesSchema,
  membershipsSchema,
  patchRowSchema,
} from './schemas.js';

export interface PipelineOptions {
  /** The server's clock: what "now" and "today" are. */
  clock: () => Date;
}

// Dates outside these are a device's clock or a typo gone wrong (and year 0 is no date PostgreSQL stores).
const EARLIEST_DAY = '2000-01-01';
const LATEST_DAY = '2999-12-31';

/** `due` as repeated keys, a comma list, or both; none means all three. */
function dueWindows(raw: string[] | undefined): Set<FollowUpDue> {
  const values = (raw ?? []).flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
  if (values.length === 0) return new Set(FOLLOW_UP_DUE);
  const unknown = values.filter((value) => !(FOLLOW_UP_DUE as readonly string[]).includes(value));
  if (unknown.length > 0) {
    throw new HttpError(422, `querystring 'due' must be overdue, today or week, not '${unknown[0]}'`);
  }
  return new Set(values as FollowUpDue[]);
}

/** The device's date when sent (within a day of the server's, as time zones allow), else the server's. */
function todayFor(sent: string | undefined, serverToday: string): string {
  if (sent === undefined) return serverToday;
  if (Math.abs(daysBetween(serverToday, sent)) > 1) {
    throw new HttpError(422, `querystring 'today' must be within one day of the server's date (${serverToday})`);
  }
  return sent;
}

/**
 * The fundraising pipeline on list rows: stage, next follow-up and amount (PATCH), notes, touches, the follow-ups
 * due across all lists, and the lists an investor or fund is in. Registered under /api/v1.
 */
export const pipelineModule: FastifyPluginAsyncTypebox<PipelineOptions> = async (app, { clock }) => {
  app.addHook('onRequest', app.authenticate);

  for (const kind of Object.values(LIST_KINDS)) {
    const row = `/lists/:id/${kind.segment}/:itemId`;

    app.patch(row, { schema: patchRowSchema(kind.noun), config: { storedAnswer: withoutNoteTexts } }, async (request) => {
      const { changed_at, ...fields } = request.body;
      if (Object.keys(fields).length === 0) throw new HttpError(422, 'Send at least one of stage, follow_up_on and amount');
      if (fields.follow_up_on && (fields.follow_up_on < EARLIEST_DAY || fields.follow_up_on > LATEST_DAY)) {
        throw new HttpError(422, `body 'follow_up_on' must be a date from ${EARLIEST_DAY} to ${LATEST_DAY}`);
      }
      const now = clock();
      const sentAt = changed_at === undefined ? now : new Date(changed_at);
      if (sentAt.toISOString() < EARLIEST_DAY) throw new HttpError(422, `body 'changed_at' must be after ${EARLIEST_DAY}`);
      return patchRow(
        app,
        { userId: request.userId, listId: request.params.id, kind, itemId: request.params.itemId },
        { ...fields, changedAt: sentAt > now ? now : sentAt },
      );
    });

    app.get(`${row}/notes`, { schema: listNotesSchema(kind.noun) }, async (request) =>
      listNotes(app.db, { userId: request.userId, listId: request.params.id, kind, itemId: request.params.itemId }, request.query),
    );

    app.post(`${row}/notes`, { schema: addNoteSchema(kind.noun), config: { storedAnswer: withoutNoteTexts } }, async (request, reply) => {
      const body = noteBody(request.body.body);
      const ref = { userId: request.userId, listId: request.params.id, kind, itemId: request.params.itemId };
      return reply.status(201).send(await addNote(app, ref, body));
    });

    app.delete(`${row}/notes/:noteId`, { schema: deleteNoteSchema(kind.noun) }, async (request, reply) => {
      const { id, itemId, noteId } = request.params;
      await deleteNote(app, { userId: request.userId, listId: id, kind, itemId }, noteId);
      return reply.status(204).send(null);
    });

    app.get(`${row}/touches`, { schema: listTouchesSchema(kind.noun) }, async (request) =>
      listTouches(app.db, { userId: request.userId, listId: request.params.id, kind, itemId: request.params.itemId }),
    );

    app.post(`${row}/touches`, { schema: logTouchSchema(kind.noun), config: { storedAnswer: withoutTouchTexts } }, async (request, reply) => {
      const input = request.body;
      const body = (input.body ?? '').trim();
      if (body.length > TOUCH_BODY_MAX) {
        throw new HttpError(422, `A touch's text can hold at most ${TOUCH_BODY_MAX.toLocaleString('en-US')} characters`);
      }
      const now = clock();
      const sentAt = input.happened_at === undefined ? now : new Date(input.happened_at);
      if (sentAt.toISOString() < EARLIEST_DAY) throw new HttpError(422, `body 'happened_at' must be after ${EARLIEST_DAY}`);
      const ref = { userId: request.userId, listId: request.params.id, kind, itemId: request.params.itemId };
      const touch = await logTouch(app, ref, {
        kind: input.kind,
        subject: (input.subject ?? '').trim(),
        body,
        happenedAt: sentAt > now ? now : sentAt,
        answered: input.answered ?? input.kind === 'email_received',
      });
      return reply.status(201).send(touch);
    });

    app.patch(`${row}/touches/:touchId`, { schema: shareTouchSchema(kind.noun), config: { storedAnswer: withoutTouchTexts } }, async (request) => {
      const { id, itemId, touchId } = request.params;
      return shareTouch(app, { userId: request.userId, listId: id, kind, itemId }, touchId, request.body.shared);
    });

    app.delete(`${row}/touches/:touchId`, { schema: deleteTouchSchema(kind.noun) }, async (request, reply) => {
      const { id, itemId, touchId } = request.params;
      await deleteTouch(app, { userId: request.userId, listId: id, kind, itemId }, touchId);
      return reply.status(204).send(null);
    });

    app.get(`/${kind.segment}/:id/lists`, { schema: membershipsSchema(kind.noun) }, async (request) =>
      memberships(app.db, request.userId, kind, request.params.id),
    );
  }

  app.get('/follow-ups', { schema: followUpsSchema }, async (request) => {
    const due = dueWindows(request.query.due);
    const today = todayFor(request.query.today, localDay(clock()));
    return followUps(app.db, request.userId, due, today);
  });
};
