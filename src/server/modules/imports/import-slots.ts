// One spreadsheet preview or import at a time per account, whichever instance it reaches, and a few at a time per
// instance: each reads and matches or writes up to IMPORT_MAX_ROWS rows, and on PGlite every other request's
// statements wait in line behind theirs. A slot is taken in onRequest, before the body is read, so a refusal
// costs the server nothing, and the account's hourly count is not touched by it.
//
// The account's slot is a lease row in the database (import_leases), as the rate-limit counters are: every instance
// sees it, and one that stops mid-way frees it when the lease expires. Not an advisory lock: PostgreSQL's belong to
// a connection (a pooled one would have to be held for the whole request, and released on the same connection),
// and on PGlite every request shares one session, in which an advisory lock is taken again as often as asked.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { importLeases } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';

/** Previews and imports one instance runs at a time, whoever sends them. */
export const IMPORTS_PER_INSTANCE = 2;
/** How long an account's lease outlives a request that never released it (its instance stopped). */
const LEASE_SECONDS = 120;
/** What a refusal asks the client to wait: a preview of IMPORT_MAX_ROWS rows takes a second or two. */
const RETRY_AFTER_SECONDS = 5;

class Slot {
  working = false;
  private released = false;

  constructor(private readonly free: () => Promise<void>) {}

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    await this.free();
  }
}

const slotOf = new WeakMap<FastifyRequest, Slot>();

function busy(reply: FastifyReply, detail: string): HttpError {
  reply.header('retry-after', RETRY_AFTER_SECONDS);
  return new HttpError(429, detail);
}

export class ImportSlots {
  private running = 0;

  constructor(private readonly db: Db) {}

  /** onRequest: the account's slot and one of the instance's, or a 429 (with Retry-After) and nothing held. */
  readonly take = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (this.running >= IMPORTS_PER_INSTANCE) {
      throw busy(reply, `The server is busy with other spreadsheets just now. Please try again in ${RETRY_AFTER_SECONDS} seconds.`);
    }
    this.running++;
    const token = randomUUID();
    let leased: unknown[];
    try {
      leased = await this.db
        .insert(importLeases)
        .values({ user_id: request.userId, token, expires_at: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
        .onConflictDoUpdate({
          target: importLeases.user_id,
          set: { token, expires_at: sql`excluded.expires_at` },
          setWhere: sql`${importLeases.expires_at} <= now()`,
        })
        .returning({ token: importLeases.token });
    } catch (error) {
      this.running--;
      throw error;
    }
    if (leased.length === 0) {
      this.running--;
      throw busy(reply, 'Another spreadsheet of yours is being previewed or imported. Please try again once it has finished.');
    }
    const userId = request.userId;
    slotOf.set(
      request,
      new Slot(async () => {
        this.running--;
        await this.db
          .delete(importLeases)
          .where(and(eq(importLeases.user_id, userId), eq(importLeases.token, token)))
          .catch((error: unknown) => request.log.error({ err: error }, 'import lease: not released (it expires by itself)'));
      }),
    );
  };

  /** onRequestAbort: a request abandoned before its work began gives its slot back. */
  readonly settle = async (request: FastifyRequest): Promise<void> => {
    const slot = slotOf.get(request);
    if (slot && !slot.working) await slot.release();
  };

  /** onSend: a request refused before its work began (validation, the rate limit) gives its slot back before it is answered. */
  readonly settleBeforeSend = async <P>(request: FastifyRequest, _reply: FastifyReply, payload: P): Promise<P> => {
    await this.settle(request);
    return payload;
  };
}

/** The route's work, holding the request's slot until it ends (even when the client has gone meanwhile). */
export async function inSlot<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  const slot = slotOf.get(request);
  if (!slot) throw new Error('inSlot: no import slot was taken for this request');
  slot.working = true;
  try {
    return await work();
  } finally {
    slot.working = false;
    await slot.release();
  }
}
