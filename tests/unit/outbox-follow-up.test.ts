// A queued change made of two calls, the second needing the first's answer: a private contact created offline
// and added to a list. The row makes its first call, then becomes the follow-up under a key of its own, so a
// replay after a lost answer never makes the first call twice; the list shows the draft as pending meanwhile.
import 'fake-indexeddb/auto';
import { FetchError } from 'ofetch';
import { beforeEach, describe, expect, it } from 'vitest';
import { OfflineDb, type OutboxRow } from '../../src/features/offline/db/offline-db';
import { ANSWER_ID, pendingRows, withAnswerId } from '../../src/features/offline/outbox/outbox';
import { createOutboxReplayer, type OutboxEvent } from '../../src/features/offline/outbox/outbox-replayer';
import { newRowAdditionEntry, pendingItemsOf } from '../../src/features/lists/api/list-outbox';
import { createContactRequest } from '../../src/features/contacts/api/contact-outbox';
import { draftContact } from '../../src/features/contacts/api/draft-contact';

const USER = 7;
const LIST = 12;
const ADA = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', stage_preferences: ['Seed'] };

interface Sent {
  method: string;
  path: string;
  body: unknown;
  key: string;
}

function refused(status: number, detail: string): FetchError {
  return Object.assign(new FetchError(detail), { status, data: { detail }, response: new Response(null, { status }) });
}

let db: OfflineDb;
let dbCount = 0;
beforeEach(() => {
  db = new OfflineDb(`outbox-follow-up-${(dbCount += 1)}`);
});

/** A replayer over `db` whose server is `answer`: each call it gets, recorded, answered or failed. */
function replayerWith(answer: (sent: Sent) => unknown) {
  const sent: Sent[] = [];
  const events: OutboxEvent[] = [];
  const replayer = createOutboxReplayer({
    loadDb: async () => db,
    send: async (row: OutboxRow) => {
      const call = { method: row.request.method, path: row.request.path, body: row.request.body, key: row.idempotencyKey };
      sent.push(call);
      return answer(call);
    },
    currentUserId: () => USER,
    isOnline: () => true,
    retryDelay: () => 60_000,
  });
  replayer.subscribe((event) => events.push(event));
  return { replayer, sent, events };
}

const entry = () => newRowAdditionEntry(LIST, 'investor', draftContact(ADA, 1_000), createContactRequest(ADA));

describe('a queued change with a follow-up call', () => {
  it('creates the contact, then adds the id it answered to the list, each call under its own key', async () => {
    const { replayer, sent, events } = replayerWith((call) => (call.method === 'POST' && call.path === '/api/v1/investors' ? { id: 501 } : { added: 1 }));
    expect(await replayer.add(entry())).toBe('synced');
    expect(sent).toEqual([
      { method: 'POST', path: '/api/v1/investors', body: ADA, key: expect.any(String) },
      { method: 'POST', path: `/api/v1/lists/${LIST}/investors/batch`, body: { investor_ids: [501] }, key: `${sent[0].key}.then` },
    ]);
    expect(await pendingRows(db, USER)).toEqual([]);
    expect(events.map((event) => event.type)).toEqual(['synced']);
  });

  it('shows the draft in the list as pending, at the first stage, until both calls are answered', async () => {
    const { replayer } = replayerWith((call) => {
      if (call.path === '/api/v1/investors') return { id: 501 };
      throw new TypeError('fetch failed');
    });
    expect(await replayer.add(entry())).toBe('queued');
    const [item] = pendingItemsOf(await pendingRows(db, USER), LIST);
    expect(item).toMatchObject({ id: -1_000, private: true, first_name: 'Ada', email: 'ada@example.com', city: 'NaN', pipeline: { stage: 'lead' } });
  });

  it('after a lost answer to the follow-up, sends only the follow-up again', async () => {
    let networkUp = false;
    const { replayer, sent } = replayerWith((call) => {
      if (call.path === '/api/v1/investors') return { id: 501 };
      if (!networkUp) throw new TypeError('fetch failed: the connection was reset');
      return { added: 1 };
    });
    expect(await replayer.add(entry())).toBe('queued');
    const [waiting] = await pendingRows(db, USER);
    expect(waiting.request).toEqual({ method: 'POST', path: `/api/v1/lists/${LIST}/investors/batch`, body: { investor_ids: [501] } });
    networkUp = true;
    await replayer.drain();
    expect(sent.map((call) => call.path)).toEqual(['/api/v1/investors', `/api/v1/lists/${LIST}/investors/batch`, `/api/v1/lists/${LIST}/investors/batch`]);
    expect(new Set(sent.slice(1).map((call) => call.key)).size).toBe(1);
    expect(await pendingRows(db, USER)).toEqual([]);
  });

  it('reports a refused follow-up by its row and drops it', async () => {
    const { replayer, events } = replayerWith((call) => {
      if (call.path === '/api/v1/investors') return { id: 501 };
      throw refused(403, 'Viewers cannot add rows');
    });
    await expect(replayer.submit(entry())).rejects.toThrow('Viewers cannot add rows');
    expect(events).toMatchObject([{ type: 'rejected', message: 'Viewers cannot add rows', row: { payload: { listId: LIST } } }]);
    expect(await pendingRows(db, USER)).toEqual([]);
  });
});

describe('withAnswerId', () => {
  it('puts the id answered in the path and anywhere in the body', () => {
    const request = { method: 'PATCH' as const, path: `/api/v1/investors/${ANSWER_ID}`, body: { ids: [ANSWER_ID, 3], nested: { id: ANSWER_ID } } };
    expect(withAnswerId(request, { id: 9 })).toEqual({ method: 'PATCH', path: '/api/v1/investors/9', body: { ids: [9, 3], nested: { id: 9 } } });
  });

  it('sends null for an answer without an id, for the server to refuse', () => {
    expect(withAnswerId({ method: 'POST', path: '/x', body: { ids: [ANSWER_ID] } }, null).body).toEqual({ ids: [null] });
  });
});
