// The founder's toast when a visit of a deck link begins (issue 47): a `deck-opened` event on the own lists stream
// (GET /api/v1/lists/events) of every user on the row's list, or of the deck's owner for a general link, told as it
// happens; none to anyone else. A row's list's own stream carries it too, and resumes past it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { listMembers } from '../../src/server/db/schema.js';
import type { Deck, DeckLink, DeckViewStart } from '../../src/shared/decks.js';
import { buildTestApp } from '../helpers/app.js';
import { investorAt } from '../helpers/capture.js';
import { testDatabases } from '../helpers/database.js';
import { openEventStream, type EventStream } from '../helpers/event-stream.js';
import { pdfWithPages, uploadPdf } from '../helpers/pdf.js';
import { listWith } from '../helpers/pipeline.js';
import { member, type Member } from '../helpers/teams.js';

// A visit's event crosses LISTEN/NOTIFY on PostgreSQL: on a saturated two-core machine that took over 2 s once.
const EVENT_WAIT_MS = 10_000;

describe.each(testDatabases())('the deck opened toast event on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let base: string;
  let ada: Member;
  let teammate: Member;
  let stranger: Member;
  let deck: Deck;
  let listId: number;
  let jane: number;
  let now = Date.now();
  const streams: EventStream[] = [];

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false, eventsHeartbeatMs: 300, clock: () => new Date(now) }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    [ada, teammate, stranger] = [await member(app), await member(app), await member(app)];
    deck = (await uploadPdf(app, ada.headers, '/decks?name=Seed%20deck', pdfWithPages(3))).json();
    jane = await investorAt(app, 'Jane', 'jane@sequoia.test', 'sequoia.test');
    listId = await listWith(ada.call, 'investor', [jane], 'Seed');
    await app.db.insert(listMembers).values({ list_id: listId, user_id: teammate.id, role: 'viewer' });
    // The stranger has a list of her own with Jane on it: another list's row is not hers to hear of.
    await listWith(stranger.call, 'investor', [jane], 'Elsewhere');
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await close();
  });

  const open = async (path: string, who: Member) => {
    const stream = await openEventStream(`${base}/api/v1${path}`, { authorization: `Bearer ${who.token}` });
    expect(stream.status).toBe(200);
    streams.push(stream);
    return stream;
  };
  /** A view of the link whose first beacon reads page 1 for 5 s. */
  const read = async (link: DeckLink, email?: string) => {
    const view = (await app.inject({ method: 'POST', url: `/api/v1/d/${link.token}/views`, payload: email ? { email } : {} })).json() as DeckViewStart;
    now += 6000;
    const res = await app.inject({ method: 'POST', url: `/api/v1/d/${link.token}/views/${view.view_id}/beacon`, payload: { key: view.key, seq: 1, pages: [{ page: 1, ms: 5000 }] } });
    expect(res.statusCode, res.body).toBe(204);
  };
  const deckOpened = (event: { event: string }) => event.event === 'deck-opened';

  it("tells the owner's and a member's own lists streams when a visit begins, and no one else's", async () => {
    const link = (await ada.call('POST', `/decks/${deck.id}/links`, { list_id: listId, investor_id: jane, require_email: false })).json() as DeckLink;
    const [adas, teammates, strangers] = [await open('/lists/events', ada), await open('/lists/events', teammate), await open('/lists/events', stranger)];
    const listStream = await open(`/lists/${listId}/events`, teammate);
    const ready = await listStream.next();

    await read(link, 'partner@sequoia.test');
    const told = { list_id: listId, kind: 'investor', item_id: jane, investor_name: 'Jane Investor', deck_name: 'Seed deck', email: 'partner@sequoia.test' };
    for (const stream of [adas, teammates]) expect((await stream.next(deckOpened, EVENT_WAIT_MS)).data).toMatchObject(told);
    // The list's stream carries it beside the row's deck line, and resumes after it.
    const onList = await listStream.next(deckOpened, EVENT_WAIT_MS);
    expect(onList.data).toMatchObject({ type: 'deck-opened', ...told, by: null });
    const resumed = await open(`/lists/${listId}/events?last_event_id=${ready.id}`, teammate);
    expect((await resumed.next(deckOpened, EVENT_WAIT_MS)).id).toBe(onList.id);

    // The same visit read on: no second toast. A stream opened after the visit began is not told of it.
    now += 10_000;
    const later = await open('/lists/events', ada);
    await read(link);
    await expect(later.next(deckOpened, 800)).rejects.toThrow();
    expect(adas.events.filter(deckOpened)).toHaveLength(1);
    expect(strangers.events.filter(deckOpened)).toEqual([]);
  });

  it("tells a visit with no e-mail given as null, and a general link's visit to the deck's owner alone", async () => {
    const [adas, teammates] = [await open('/lists/events', ada), await open('/lists/events', teammate)];
    now += 11 * 60_000;
    const general = (await ada.call('POST', `/decks/${deck.id}/links`, { name: 'Angels', require_email: false })).json() as DeckLink;
    await read(general, 'angel@fund.test');
    const toOwner = await adas.next(deckOpened, EVENT_WAIT_MS);
    expect(toOwner.data).toEqual({ list_id: null, link_name: 'Angels', deck_name: 'Seed deck', email: 'angel@fund.test', at: expect.any(String) });
    const row = (await ada.call('POST', `/decks/${deck.id}/links`, { list_id: listId, investor_id: jane, require_email: false })).json() as DeckLink;
    await read(row);
    expect((await adas.next(deckOpened, EVENT_WAIT_MS)).data).toMatchObject({ item_id: jane, email: null });
    // The teammate hears of the row's link only: the general link is the owner's.
    expect((await teammates.next(deckOpened, EVENT_WAIT_MS)).data).toMatchObject({ item_id: jane });
    expect(teammates.events.filter(deckOpened)).toHaveLength(1);
    expect(adas.events.filter(deckOpened)).toHaveLength(2);
  });
});
