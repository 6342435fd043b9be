// A user's own lists stream applies the feed's events in the feed's order, whatever order their reads finish in: on
// PostgreSQL's pool two reads may finish out of order, and a member removed from a list must not be told of the row
// removed after her removal. Here the first read is held until the second has finished, every time.
import { randomUUID } from 'node:crypto';
import type { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/client.js';
import { listEvents, listMembers, lists } from '../../src/server/db/schema.js';
import { inProcessFeed } from '../../src/server/modules/live/feed.js';
import { MyListsStreams } from '../../src/server/modules/live/my-lists-streams.js';
import type { ListEventType } from '../../src/shared/teams.js';
import { testDatabases } from '../helpers/database.js';
import { insertVerifiedUser } from '../helpers/users.js';

/** A query builder whose result, once awaited, is read by `around(run)`; the builders it returns do the same. */
function readAround<T extends object>(target: T, around: (run: () => Promise<unknown>) => Promise<unknown>): T {
  return new Proxy(target, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key, object);
      if (typeof value !== 'function') return value;
      if (key === 'then') return (ok: never, fail: never) => around(() => value.call(object)).then(ok, fail);
      return (...args: unknown[]) => {
        const result: unknown = value.apply(object, args);
        return result && typeof result === 'object' ? readAround(result, around) : result;
      };
    },
  });
}

/**
 * The database, but once `holdNextTwo()` is called its next read is held until the one after it has finished: the
 * first of two reads started together finishes last.
 */
function outOfOrderReads(db: Db) {
  let held: { releaseFirst?: () => void; count: number } | null = null;
  const proxy = new Proxy(db, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key, object);
      if (key !== 'select' || typeof value !== 'function') return typeof value === 'function' ? value.bind(object) : value;
      return (...args: unknown[]) => {
        const query = value.apply(object, args) as object;
        if (!held) return query;
        held.count += 1;
        if (held.count === 1) {
          const first = new Promise<void>((resolve) => (held!.releaseFirst = resolve));
          return readAround(query, (run) => first.then(run));
        }
        const releaseFirst = held.releaseFirst!;
        held = null;
        // The first is read once this read's result has been handed on.
        return readAround(query, (run) => run().finally(() => setImmediate(releaseFirst)));
      };
    },
  });
  return { db: proxy, holdNextTwo: () => (held = { count: 0 }) };
}

function collected(out: PassThrough) {
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { events: () => text.split('\n').filter((line) => line.startsWith('event: ')) };
}

const silent = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

describe.each(testDatabases())("a user's own lists stream on $name", (kind) => {
  const closing: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  it('applies events in the feed’s order when their reads finish out of order: a removed member is not told of what came after', async () => {
    const database = await kind.open();
    closing.push(() => database.close());
    const { db } = database;
    const [owner, removed] = [await insertVerifiedUser(db, 'secret'), await insertVerifiedUser(db, 'secret')];
    const [list] = await db.insert(lists).values({ user_id: owner.user.id, name: 'Raise', list_type: 'investor' }).returning();
    await db.insert(listMembers).values({ list_id: list.id, user_id: removed.user.id, role: 'viewer' });

    const feed = inProcessFeed();
    const reads = outOfOrderReads(db);
    const streams = new MyListsStreams(reads.db, feed, silent, { heartbeatMs: 60_000, lifetimeMs: 60_000 });
    closing.push(async () => {
      streams.closeAll();
      await streams.released();
      await feed.close();
    });
    const access = () => ({ sessionId: randomUUID(), endsAt: Date.now() + 60_000 });
    const owners = collected(await streams.open(owner.user.id, access()));
    const removeds = collected(await streams.open(removed.user.id, access()));

    const stored = async (type: ListEventType, data: Record<string, unknown>) =>
      (await db.insert(listEvents).values({ list_id: list.id, user_id: owner.user.id, type, data }).returning({ id: listEvents.id }))[0].id;
    const removal = await stored('member-removed', { user_id: removed.user.id });
    const rowRemoved = await stored('row-removed', { item_id: 1 });

    reads.holdNextTwo();
    await feed.publish(list.id, removal);
    await feed.publish(list.id, rowRemoved);

    await vi.waitFor(() => expect(owners.events()).toHaveLength(2));
    expect(removeds.events()).toEqual(['event: lists-changed']);
  });
});
