import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { idempotencyKeys, users } from '../db/schema.js';
import { HttpError } from './error-handler.js';
import { JSON_TYPE } from './serialization.js';

/** The header schema of a call that honours Idempotency-Key; declaring it is what opts a route in. */
export const idempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Repeat the call with the same key (within 24 hours) and it answers the first answer again, changing nothing.',
    }),
  ),
});

const KEEP_FOR = sql`interval '24 hours'`;
/** Keys one user may hold: each is kept a day, so this is how many keyed changes they may make in one. */
export const MAX_KEYS_PER_USER = 1000;
/** A first request still unanswered after this is taken for dead (its instance stopped) and may be redone. */
const ABANDONED_AFTER = sql`interval '2 minutes'`;
/** How long a repeat waits for the first request's answer before saying it is still in progress. */
const WAIT_FOR_FIRST_MS = 15_000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * How a route whose answer holds what must not be kept (a note's text) stores it: `keep` gives what is stored of
 * the answer sent, `answer` what a replay sends of what was stored.
 */
export interface StoredAnswer {
  keep(answer: unknown): unknown;
  answer(stored: unknown, db: Db): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds, while its answer is to be stored. */
    idempotencyKey: string | null;
  }
  interface FastifyContextConfig {
    storedAnswer?: StoredAnswer;
  }
}

type Claim =
  | { kind: 'first' }
  | { kind: 'answered'; status: number; body: string | null }
  | { kind: 'in-progress' }
  | { kind: 'other-request' }
  | { kind: 'too-many'; retryAfterSeconds: number };

function requestHash(request: FastifyRequest): string {
  const path = request.url.split('?')[0];
  return createHash('sha256').update(`${request.method} ${path}\n${JSON.stringify(request.body ?? null)}`).digest('base64url');
}

/**
 * Takes the key for this request, or finds what became of it: one upsert, so of two requests racing
 * with one key exactly one is first. A key past its 24 hours, or whose first request was abandoned,
 * is taken afresh. A key the user does not hold yet is refused while they hold MAX_KEYS_PER_USER
 * (counted under their user row's lock, so requests at once cannot pass it together).
 */
async function claim(db: Db, userId: number, key: string, hash: string): Promise<Claim> {
  const t = idempotencyKeys;
  const taken = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx
      .select({
        others: sql<number>`(count(*) FILTER (WHERE ${t.key} <> ${key}))::int`,
        thisOne: sql<boolean>`coalesce(bool_or(${t.key} = ${key}), false)`,
        freedInSeconds: sql<number>`ceil(extract(epoch FROM min(${t.expires_at}) - now()))::int`,
      })
      .from(t)
      .where(and(eq(t.user_id, userId), sql`${t.expires_at} > now()`));
    if (!held.thisOne && held.others >= MAX_KEYS_PER_USER) return { retryAfterSeconds: Math.max(1, held.freedInSeconds) };
    return tx
      .insert(t)
      .values({ user_id: userId, key, request_hash: hash, expires_at: sql`now() + ${KEEP_FOR}` })
      .onConflictDoUpdate({
        target: [t.user_id, t.key],
        set: { request_hash: hash, status: null, body: null, created_at: sql`now()`, expires_at: sql`now() + ${KEEP_FOR}` },
        setWhere: sql`${t.expires_at} <= now() OR (${t.status} IS NULL AND ${t.created_at} < now() - ${ABANDONED_AFTER})`,
      })
      .returning({ key: t.key });
  });
  if ('retryAfterSeconds' in taken) return { kind: 'too-many', retryAfterSeconds: taken.retryAfterSeconds };
  if (taken.length > 0) return { kind: 'first' };
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.user_id, userId), eq(t.key, key)));
  // Gone between the two statements (swept, or its first request failed): this one goes first.
  if (!row) return claim(db, userId, key, hash);
  if (row.request_hash !== hash) return { kind: 'other-request' };
  if (row.status === null) return { kind: 'in-progress' };
  return { kind: 'answered', status: row.status, body: row.body };
}

function replay(reply: FastifyReply, status: number, body: string | null) {
  reply.header('idempotent-replayed', 'true').status(status);
  if (body === null) return reply.send();
  return reply.type(JSON_TYPE).send(body);
}

/**
 * Whether an answer is final, to be answered again to a repeat: a server error, a 429 (too many, for now) or a
 * 503 (not just now) is not, so a retry (an offline outbox's replay) runs again.
 */
function isFinal(status: number): boolean {
  return status < 500 && status !== 429;
}

/**
 * Idempotency-Key, for every call whose schema declares the header: the first request with a key runs
 * and its final answer is kept with the key (per user, 24 hours); a repeat answers that answer again and
 * changes nothing — even when what it did has since been undone (a row removed after it was added).
 * A repeat arriving while the first still runs waits for its answer. An answer that is not final keeps
 * nothing, so a retry runs again. The key is the caller's: another user's key of the same text is another key.
 * A route's `storedAnswer` config keeps what must not be stored out of it.
 */
export const idempotency = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotencyKey', null);
  const t = idempotencyKeys;

  const sweep = setInterval(() => {
    app.db
      .delete(t)
      .where(sql`${t.expires_at} < now()`)
      .catch(() => {});
  }, SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    const schema = request.routeOptions.schema?.headers as typeof idempotencyHeaders | undefined;
    if (typeof key !== 'string' || !schema?.properties?.['idempotency-key'] || !request.userId) return;
    const hash = requestHash(request);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const found = await claim(app.db, request.userId, key, hash);
      switch (found.kind) {
        case 'first':
          request.idempotencyKey = key;
          return;
        case 'answered': {
          const stored = request.routeOptions.config.storedAnswer;
          const body = stored && found.body !== null && found.status < 300 ? JSON.stringify(await stored.answer(JSON.parse(found.body), app.db)) : found.body;
          return replay(reply, found.status, body);
        }
        case 'other-request':
          throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
        case 'too-many':
          reply.header('retry-after', found.retryAfterSeconds);
          throw new HttpError(
            429,
            `Too many changes sent with an Idempotency-Key: at most ${MAX_KEYS_PER_USER.toLocaleString('en-US')} a day. ` +
              'Try again later.',
          );
        case 'in-progress':
          if (Date.now() > deadline) {
            reply.header('retry-after', 1);
            throw new HttpError(409, 'A request with this Idempotency-Key is still in progress; try again shortly');
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });

  // Before compression (route-level onSend hooks run after this one): the answer is stored as sent.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (key === null) return payload;
    request.idempotencyKey = null;
    const mine = and(eq(t.user_id, request.userId), eq(t.key, key));
    if (!isFinal(reply.statusCode)) {
      await app.db.delete(t).where(mine);
    } else {
      const sent = typeof payload === 'string' && payload !== '' ? payload : null;
      const stored = request.routeOptions.config.storedAnswer;
      const body = stored && sent !== null && reply.statusCode < 300 ? JSON.stringify(stored.keep(JSON.parse(sent))) : sent;
      await app.db.update(t).set({ status: reply.statusCode, body }).where(mine);
    }
    return payload;
  });
});
