import { Type } from '@sinclair/typebox';
import { EVENTS_HEARTBEAT_SECONDS, EVENTS_TICKET_TTL_SECONDS, LIST_EVENT_TYPES, MY_LISTS_DECK_OPENED_EVENT, MY_LISTS_EVENT } from '../../../shared/teams.js';
import { idParams, isoTime, userCall } from '../../plugins/validation.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/access-token.js';
import { MAX_STREAMS_PER_LIST, MAX_STREAMS_PER_USER } from './stream-slots.js';
import { TICKET_RATE_MAX, TICKET_RATE_MINUTES } from './ticket-rate.js';

const STREAM_LIFETIME_MINUTES = ACCESS_TOKEN_TTL_SECONDS / 60;

const ticket = Type.Optional(Type.String({ minLength: 1, maxLength: 2000 }));

/** An event stream's answer: `text/event-stream` (a failure before it starts is a `{detail}`, as on every call). */
const eventStreamResponse = {
  200: {
    description: 'The event stream',
    content: { 'text/event-stream': { schema: Type.String() } },
  },
} as const;

const ticketResponse = {
  200: Type.Object({ ticket: Type.String(), expires_at: isoTime }),
} as const;

const eventId = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

export const eventsSchema = userCall({
  summary: "The list's changes, live, as Server-Sent Events",
  description:
    'A `text/event-stream` of the list\'s changes, one event per change: `id:` (send the last one back as the ' +
    '`Last-Event-ID` header or `last_event_id` to resume after it), `event:` its type ' +
    `(${LIST_EVENT_TYPES.join(', ')}) and \`data:\` JSON naming the list, the row and what changed, and who changed ` +
    `it. A comment line every ${EVENTS_HEARTBEAT_SECONDS} seconds keeps it open. Authenticate with the bearer token, ` +
    'or (for EventSource, which sends no headers) `ticket` from POST …/events/ticket, good for one stream (401 on ' +
    'its second use). A member removed from the list gets `member-removed` and the stream ends; so does everyone ' +
    'when the list is deleted, and (at its heartbeat) anyone no longer on the list however they left it. A stream ' +
    `lasts at most ${STREAM_LIFETIME_MINUTES} minutes, then ends: reconnect with Last-Event-ID. A user may have ` +
    `${MAX_STREAMS_PER_LIST} streams of a list open and ${MAX_STREAMS_PER_USER} in all, on every instance together: ` +
    'past either, 429.',
  params: idParams,
  querystring: Type.Object(
    {
      last_event_id: Type.Optional(eventId),
      ticket,
    },
    { additionalProperties: false },
  ),
  headers: Type.Object({
    'last-event-id': Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'Resume after this event' })),
  }),
  response: eventStreamResponse,
});

export const ticketSchema = userCall({
  summary: "A ticket for the list's event stream (for EventSource)",
  description:
    `Good for ${EVENTS_TICKET_TTL_SECONDS} seconds and one stream, for this list and the caller only: put it in the ` +
    `events URL as \`ticket\`. At most ${TICKET_RATE_MAX} tickets per ${TICKET_RATE_MINUTES} minutes per user (both ticket calls together; 429).`,
  params: idParams,
  response: ticketResponse,
});

export const myListsEventsSchema = userCall({
  summary: "The caller's lists, live: which changed, as Server-Sent Events",
  description:
    `A \`text/event-stream\` of \`${MY_LISTS_EVENT}\` events, \`data:\` \`{list_id}\`, one whenever what the sidebar shows of ` +
    'one of the caller\'s lists changes: a row added or removed, renamed, deleted, a member added, changed or ' +
    'removed (the caller included: a list shared with them appears, one they leave or are removed from goes). Read ' +
    `GET /api/v1/lists again on each. \`${MY_LISTS_DECK_OPENED_EVENT}\` (\`{list_id, kind, item_id, at, investor_name, ` +
    'deck_name, email}`) when a visit begins on a deck link of a row of one of their lists, as it happens (never ' +
    `replayed). A comment line every ${EVENTS_HEARTBEAT_SECONDS} seconds keeps it open. ` +
    'Authenticate with the bearer token, or `ticket` from POST /api/v1/lists/events/ticket (one stream each). It lasts ' +
    `at most ${STREAM_LIFETIME_MINUTES} minutes and counts as a list's stream against the limits (429 past them).`,
  querystring: Type.Object(
    { ticket },
    { additionalProperties: false },
  ),
  response: eventStreamResponse,
});

export const myListsTicketSchema = userCall({
  summary: "A ticket for the caller's lists stream (for EventSource)",
  description:
    `Good for ${EVENTS_TICKET_TTL_SECONDS} seconds and one stream, for the caller only: put it in the URL as \`ticket\`. ` +
    `At most ${TICKET_RATE_MAX} tickets per ${TICKET_RATE_MINUTES} minutes per user (both ticket calls together; 429).`,
  response: ticketResponse,
});
