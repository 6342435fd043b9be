import { randomUUID } from 'node:crypto';
import { lte, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { EVENTS_TICKET_TTL_SECONDS } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { usedEventTickets } from '../../db/schema.js';

// EventSource cannot send an Authorization header, and an access token in a URL would end up in logs and
// history: the browser asks for a ticket (with its token) and puts that in the events URL instead. A ticket
// is a JWT of its own audience, good for one user, one list and a minute; it opens one stream and nothing else.
// It carries the session of the access token it was asked with, checked live when the ticket is used (a ticket
// asked for before a log-out opens nothing), and that token's expiry, at which the stream ends at the latest.

const AUDIENCE = 'fundscape:list-events';

/** The list a ticket for the caller's own lists stream names: no list has id 0. */
export const MY_LISTS = 0;

const key = (secret: string) => new TextEncoder().encode(secret);

/** The access a stream lives with: the session of its access token, and when that token expires (ms since the epoch). */
export interface StreamAccess {
  sessionId: string;
  endsAt: number;
}

export async function signEventsTicket(secret: string, userId: number, access: StreamAccess, listId: number, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const exp = iat + EVENTS_TICKET_TTL_SECONDS;
  const ticket = await new SignJWT({ list: listId, sid: access.sessionId, axp: Math.floor(access.endsAt / 1000) })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setSubject(String(userId))
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key(secret));
  return { ticket, expires_at: new Date(exp * 1000).toISOString() };
}

export interface EventsTicketClaims {
  userId: number;
  access: StreamAccess;
  ticketId: string;
  expiresAt: Date;
}

/** What a valid, unexpired ticket for this list says, or null. */
export async function readEventsTicket(secret: string, ticket: string, listId: number): Promise<EventsTicketClaims | null> {
  try {
    const { payload } = await jwtVerify(ticket, key(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    const userId = Number(payload.sub);
    const { sid: sessionId, axp } = payload;
    if (payload.list !== listId || !Number.isInteger(userId) || typeof sessionId !== 'string' || typeof axp !== 'number') return null;
    if (!payload.jti || payload.exp === undefined) return null;
    return { userId, access: { sessionId, endsAt: axp * 1000 }, ticketId: payload.jti, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}

/** Records a ticket's use, on every instance at once: true the first time, false for any use after. */
export async function spendTicket(db: Db, claims: EventsTicketClaims): Promise<boolean> {
  const spent = await db
    .insert(usedEventTickets)
    .values({ id: claims.ticketId, expires_at: claims.expiresAt })
    .onConflictDoNothing()
    .returning({ id: usedEventTickets.id });
  return spent.length === 1;
}

/** Forgets the uses of tickets that have expired anyway. */
export async function sweepSpentTickets(db: Db): Promise<void> {
  await db.delete(usedEventTickets).where(lte(usedEventTickets.expires_at, sql`now()`));
}
