// Each open event stream holds a row of live_streams, so that a user's streams are counted on every instance
// at once: a new one is refused (429) past the limits. A row counts while its alive_until is ahead, which its
// instance moves on at every heartbeat; an instance that dies leaves rows that stop counting a few beats later.
import { and, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { liveStreams } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';

/** Streams one user may have open on one list (the own-lists stream counts as a list of its own). */
export const MAX_STREAMS_PER_LIST = 10;
/** Streams one user may have open in all. */
export const MAX_STREAMS_PER_USER = 30;

/** Heartbeats a stream's row outlives its last one: a late beat does not let others past the limit. */
const ALIVE_BEATS = 3;

/** The two-key advisory lock's first key: the per-user lock that makes counting and claiming one step. */
const SLOT_LOCK = 35_001;

const aliveUntil = (heartbeatMs: number) => sql`now() + make_interval(secs => ${(ALIVE_BEATS * heartbeatMs) / 1000})`;

/**
 * Claims a stream's row for the user in `tx` (within the limits, else a 429), and answers its id. Claims of
 * one user wait for one another, on whichever instance, so that two at once cannot both take the last slot.
 */
export async function claimStreamSlot(tx: Db, userId: number, listId: number, heartbeatMs: number): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SLOT_LOCK}::int, ${userId}::int)`);
  const [open] = await tx
    .select({ all: count(), onList: sql<number>`count(*) FILTER (WHERE ${liveStreams.list_id} = ${listId})`.mapWith(Number) })
    .from(liveStreams)
    .where(and(eq(liveStreams.user_id, userId), gt(liveStreams.alive_until, sql`now()`)));
  if (open.onList >= MAX_STREAMS_PER_LIST) {
    throw new HttpError(429, `Too many live streams of this list are open (at most ${MAX_STREAMS_PER_LIST}): close one and try again.`);
  }
  if (open.all >= MAX_STREAMS_PER_USER) {
    throw new HttpError(429, `Too many live streams are open (at most ${MAX_STREAMS_PER_USER}): close one and try again.`);
  }
  const [slot] = await tx
    .insert(liveStreams)
    .values({ user_id: userId, list_id: listId, alive_until: aliveUntil(heartbeatMs) })
    .returning({ id: liveStreams.id });
  return slot.id;
}

/** Keeps the rows of streams still open counting for a few more heartbeats. */
export async function keepSlotsAlive(db: Db, ids: number[], heartbeatMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db.update(liveStreams).set({ alive_until: aliveUntil(heartbeatMs) }).where(inArray(liveStreams.id, ids));
}

export async function releaseSlots(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(liveStreams).where(inArray(liveStreams.id, ids));
}

/** Removes the rows that no longer count (their instance stopped without ending its streams). */
export async function sweepSlots(db: Db): Promise<void> {
  await db.delete(liveStreams).where(lte(liveStreams.alive_until, sql`now()`));
}
