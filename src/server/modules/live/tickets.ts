import { SignJWT, jwtVerify } from 'jose';
import { EVENTS_TICKET_TTL_SECONDS } from '../../../shared/teams.js';

// EventSource cannot send an Authorization header, and an access token in a URL would end up in logs and
// history: the browser asks for a ticket (with its token) and puts that in the events URL instead. A ticket
// is a JWT of its own audience, good for one user, one list and a minute; it opens a stream and nothing else.

const AUDIENCE = 'fundscape:list-events';

/** The list a ticket for the caller's own lists stream names: no list has id 0. */
export const MY_LISTS = 0;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signEventsTicket(secret: string, userId: number, listId: number, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const exp = iat + EVENTS_TICKET_TTL_SECONDS;
  const ticket = await new SignJWT({ list: listId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key(secret));
  return { ticket, expires_at: new Date(exp * 1000).toISOString() };
}

/** The user a valid, unexpired ticket for this list names, or null. */
export async function readEventsTicket(secret: string, ticket: string, listId: number): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(ticket, key(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    const userId = Number(payload.sub);
    return payload.list === listId && Number.isInteger(userId) ? userId : null;
  } catch {
    return null;
  }
}
