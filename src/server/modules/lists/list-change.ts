import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { writeTransaction } from '../../db/transaction.js';
import type { ListFeed } from '../live/feed.js';
import { ChangeLog } from './change-log.js';
import { listAccess, type ListAccessRow, type ListNeed } from './list-access.js';

/** What a change to a list needs: the database, and the feed that tells every instance's live streams. */
export interface ListWriter {
  db: Db;
  listFeed: Pick<ListFeed, 'publish'>;
  log: FastifyBaseLogger;
}

export interface ListCaller {
  userId: number;
  listId: number;
}

/** The caller of a list route: the logged-in user and the list in its path (`/lists/{id}/…`). */
export function listCaller(request: { userId: number; params: { id: number } }): ListCaller {
  return { userId: request.userId, listId: request.params.id };
}

/**
 * Runs a change to a list in one transaction with its activity and events (`log`); once committed, every
 * instance's streams of the list are told. A feed that fails to tell is logged, not the caller's failure: each
 * stream also looks for what it missed at its heartbeat. `work` must take the list's row lock first (listAccess
 * with lock), so that the list's events take their ids in commit order. A transaction ended by a deadlock is run
 * again (writeTransaction): `work` does database work only.
 */
export async function inListTransaction<T>(
  writer: ListWriter,
  caller: ListCaller,
  work: (tx: Db, log: ChangeLog) => Promise<T>,
): Promise<T> {
  let lastEventId = 0;
  const result = await writeTransaction(writer.db, async (tx) => {
    const log = new ChangeLog(tx, caller.listId, caller.userId);
    const done = await work(tx, log);
    lastEventId = log.lastEventId;
    return done;
  });
  await publishChanges(writer, [{ listId: caller.listId, lastEventId }]);
  return result;
}

/** Tells every instance's streams of these lists (changed beside the caller's list, in its transaction) once it committed. */
export async function publishChanges(writer: ListWriter, logs: Array<Pick<ChangeLog, 'listId' | 'lastEventId'>>): Promise<void> {
  for (const log of logs) {
    if (log.lastEventId === 0) continue;
    await writer.listFeed.publish(log.listId, log.lastEventId).catch((err: unknown) => {
      writer.log.error({ err }, 'list feed: could not publish a change');
    });
  }
}

/** A change to a list by a caller who needs `need` of it (checked under the list's row lock; 404 or 403). */
export function changeList<T>(
  writer: ListWriter,
  caller: ListCaller,
  need: ListNeed,
  work: (tx: Db, access: ListAccessRow, log: ChangeLog) => Promise<T>,
): Promise<T> {
  return inListTransaction(writer, caller, async (tx, log) =>
    work(tx, await listAccess(tx, caller.userId, caller.listId, need, true), log),
  );
}
