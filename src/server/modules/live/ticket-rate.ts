import { perUser, type RateRule } from '../../plugins/rate-limit.js';

// Each connection of the client's asks for a ticket: a few streams renewed every quarter of an hour, and their
// reconnections with backoff, stay far below this; a client asking faster is not following streams.

export const TICKET_RATE_MAX = 300;
export const TICKET_RATE_MINUTES = 15;

/** Both ticket calls, counted together per user, on every instance. */
export const TICKET_RATE: RateRule[] = [perUser('events-ticket-user', TICKET_RATE_MAX, TICKET_RATE_MINUTES * 60 * 1000)];
