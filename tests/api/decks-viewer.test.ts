// Decks (issue 47), the viewer's side: the gate, a view and its key, the PDF for that view only, beacons forged,
// replayed, oversized or out of time, visits and time per page, and the row's deck line told to the list.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { parse as parseContentDisposition } from 'content-disposition';
import { deckLinks, deckViews, listEvents } from '../../src/server/db/schema.js';
import { DECK_LIMITS, type Deck, type DeckLink, type DeckLinkStats, type DeckViewStart } from '../../src/shared/decks.js';
import { DECK_UPLOADS_PER_HOUR, VIEWER_RATE_RULES } from '../../src/server/modules/decks/index.js';
import { buildTestApp } from '../helpers/app.js';
import { investorAt } from '../helpers/capture.js';
import { testDatabases } from '../helpers/database.js';
import { pdfWithPages, uploadPdf } from '../helpers/pdf.js';
import { listWith } from '../helpers/pipeline.js';
import { member, type Member } from '../helpers/teams.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe.each(testDatabases())('the deck viewer on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let ada: Member;
  let deck: Deck;
  let bytes: Buffer;
  /** The server's clock: the tests move it on as a reader would read. */
  let now = Date.now();

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false, clock: () => new Date(now) }));
    ada = await member(app);
    bytes = pdfWithPages(4);
    const res = await uploadPdf(app, ada.headers, '/decks?name=Seed%20deck&file_name=seed.pdf', bytes);
    expect(res.statusCode, res.body).toBe(201);
    deck = res.json();
  });
  afterAll(() => close());

  const anonymous = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url: `/api/v1${url}`, payload: payload as InjectOptions['payload'], headers });
  const makeLink = async (settings: Record<string, unknown> = {}) => {
    const res = await ada.call('POST', `/decks/${deck.id}/links`, { name: 'Link', ...settings });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as DeckLink;
  };
  const open = async (link: DeckLink, email: string | undefined = 'jane@sequoia.test') => {
    const res = await anonymous('POST', `/d/${link.token}/views`, email === undefined ? {} : { email });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as DeckViewStart;
  };
  /** A beacon, and (it is written in a batch, within BEACON_WRITE_EVERY_MS) the queue written, as the founder's next read would. */
  const beacon = async (link: DeckLink, view: DeckViewStart, seq: number, pages: unknown, extra: Record<string, unknown> = {}) => {
    const answer = await anonymous('POST', `/d/${link.token}/views/${view.view_id}/beacon`, { key: view.key, seq, pages, ...extra });
    await app.deckBeacons.flush();
    return answer;
  };
  const stats = async (linkId: number) => (await ada.call('GET', `/deck-links/${linkId}/stats`)).json() as DeckLinkStats;

  it('shows the gate, 404 for a token unknown, malformed or revoked, 410 once expired', async () => {
    const link = await makeLink({ watermark: true, email: 'jane@sequoia.test' });
    const gate = await anonymous('GET', `/d/${link.token}`);
    expect(gate.statusCode).toBe(200);
    expect(gate.headers['cache-control']).toBe('no-store, private');
    expect(gate.json()).toEqual({ deck_name: 'Seed deck', page_count: 4, require_email: true, email: 'jane@sequoia.test', allow_download: false, watermark: true });
    for (const [token, status] of [['A'.repeat(32), 404], ['short', 404], [`${link.token}x`, 404], ['%00%00', 422], ['a'.repeat(300), 414]] as const) {
      const res = await anonymous('GET', `/d/${token}`);
      expect(res.statusCode, token).toBe(status);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    const expiring = await makeLink();
    await app.db.update(deckLinks).set({ expires_at: new Date(now - SECOND) }).where(eq(deckLinks.id, expiring.id));
    const expired = await anonymous('GET', `/d/${expiring.token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toMatch(/has expired/);
    expect((await anonymous('POST', `/d/${expiring.token}/views`, { email: 'a@b.test' })).statusCode).toBe(410);
  });

  it('asks for an e-mail when the link does, and keeps no address of the viewer', async () => {
    const link = await makeLink({ watermark: true });
    const missing = await anonymous('POST', `/d/${link.token}/views`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe('Enter your e-mail to open the deck');
    expect((await anonymous('POST', `/d/${link.token}/views`, { email: 'not an address' })).statusCode).toBe(422);
    const view = await open(link);
    expect(view).toEqual({ view_id: expect.any(Number), key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), page_count: 4, watermark: `jane@sequoia.test · ${new Date(now).toISOString().slice(0, 10)}` });
    const open2 = await open(await makeLink({ require_email: false }), undefined);
    expect(open2.watermark).toBeNull();
    const [stored] = await app.db.select().from(deckViews).where(eq(deckViews.id, view.view_id));
    expect(stored.key_hash).not.toContain(view.key);
    expect(JSON.stringify(stored)).not.toMatch(/127\.0\.0\.1|::1|localhost/);
    const columns = await app.db.execute(sql`SELECT column_name FROM information_schema.columns WHERE table_name LIKE 'deck%'`);
    const names = ((columns as { rows?: Array<{ column_name: string }> }).rows ?? (columns as unknown as Array<{ column_name: string }>)).map((row) => row.column_name);
    expect(names).toContain('key_hash');
    expect(names.filter((name) => /ip|address|agent/i.test(name))).toEqual([]);
  });

  it('serves the PDF only to a view of that link with its key, never cached, downloadable only when allowed', async () => {
    const link = await makeLink();
    const view = await open(link);
    const file = await anonymous('GET', `/d/${link.token}/views/${view.view_id}/file?key=${view.key}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('no-store, private');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect((await anonymous('GET', `/d/${link.token}/views/${view.view_id}/file?key=${view.key}x`)).statusCode).toBe(403);
    expect((await anonymous('GET', `/d/${link.token}/views/${view.view_id}/file`)).statusCode).toBe(422);
    expect((await anonymous('GET', `/d/${link.token}/views/${view.view_id}/file?key=${view.key}&download=1`)).statusCode).toBe(403);
    const other = await makeLink();
    expect((await anonymous('GET', `/d/${other.token}/views/${view.view_id}/file?key=${view.key}`)).statusCode).toBe(404);
    const downloadable = await makeLink({ allow_download: true });
    const mine = await open(downloadable);
    const download = await anonymous('GET', `/d/${downloadable.token}/views/${mine.view_id}/file?key=${mine.key}&download=1`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename=seed.pdf');
    await ada.call('POST', `/deck-links/${link.id}/revoke`);
    expect((await anonymous('GET', `/d/${link.token}/views/${view.view_id}/file?key=${view.key}`)).statusCode).toBe(404);
  });

  it("downloads under the name the founder chose, in any script, and a plain one for clients that read only that", async () => {
    const chosen = 'Série A – «final».pdf';
    const upload = await uploadPdf(app, ada.headers, `/decks?name=Named&file_name=${encodeURIComponent(chosen)}`, bytes);
    expect(upload.statusCode, upload.body).toBe(201);
    const res = await ada.call('POST', `/decks/${(upload.json() as Deck).id}/links`, { name: 'Link', allow_download: true });
    const link = res.json() as DeckLink;
    const view = await open(link);
    const download = await anonymous('GET', `/d/${link.token}/views/${view.view_id}/file?key=${view.key}&download=1`);
    expect(download.statusCode).toBe(200);
    const header = download.headers['content-disposition'] as string;
    expect(header).toBe(`attachment; filename="S_rie A _ _final_.pdf"; filename*=UTF-8''S%C3%A9rie%20A%20%E2%80%93%20%C2%ABfinal%C2%BB.pdf`);
    expect(parseContentDisposition(header).parameters.filename).toBe(chosen);
  });

  it('counts a beacon once, and refuses forged, replayed, oversized and impossible ones, recording nothing', async () => {
    const link = await makeLink();
    const view = await open(link);
    now += 12 * SECOND;
    expect((await beacon(link, view, 1, [{ page: 1, ms: 8000 }, { page: 2, ms: 3000 }])).statusCode).toBe(204);
    const counted = async () => (await app.db.select().from(deckViews).where(eq(deckViews.id, view.view_id)))[0];
    expect(Number((await counted()).counted_ms)).toBe(11_000);
    const refused: Array<[number, unknown, number, Record<string, unknown>?]> = [
      [1, [{ page: 3, ms: 100 }], 409], // replayed
      [0, [{ page: 3, ms: 100 }], 422], // seq from 1
      [2, [{ page: 0, ms: 100 }], 422],
      [2, [{ page: 5, ms: 100 }], 422], // past the version's 4 pages
      [2, [{ page: 3, ms: -1 }], 422],
      [2, [{ page: 3, ms: 'NaN' }], 422],
      [2, [{ page: 3, ms: 1.5 }], 422],
      [2, [{ page: 3, ms: DECK_LIMITS.beaconEveryMs * 100 }], 422],
      [2, [{ page: 3, ms: 14_000 }, { page: 4, ms: 14_000 }], 422], // more than one beacon's time
      [2, [{ page: 3, ms: 100 }, { page: 3, ms: 100 }], 422],
      [2, [{ page: 3, ms: 100 }], 403, { key: 'forged' }],
      [2, [{ page: 3, ms: 100 }], 422, { extra: 1 }],
      [2, Array.from({ length: DECK_LIMITS.pagesPerBeacon + 1 }, () => ({ page: 1, ms: 0 })), 422],
      // Past the time since the view began (12 s, 11 s counted).
      [2, [{ page: 3, ms: 5000 }], 422],
    ];
    for (const [seq, pages, status, extra] of refused) {
      const res = await beacon(link, view, seq, pages, extra);
      expect(res.statusCode, `${JSON.stringify(pages).slice(0, 80)} ${JSON.stringify(extra)}: ${res.body}`).toBe(status);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    const huge = await anonymous('POST', `/d/${link.token}/views/${view.view_id}/beacon`, `{"key":"${view.key}","seq":2,"pages":[{"page":3,"ms":1e400}]}`, { 'content-type': 'application/json' });
    expect(huge.statusCode).toBe(422);
    const after = await counted();
    expect([after.last_seq, Number(after.counted_ms)]).toEqual([1, 11_000]);
    // A view of another link, through this link's token: no such view.
    const otherView = await open(await makeLink());
    expect((await beacon(link, otherView, 1, [{ page: 1, ms: 100 }])).statusCode).toBe(404);
    // sendBeacon's text/plain.
    now += 5 * SECOND;
    const plain = await anonymous('POST', `/d/${link.token}/views/${view.view_id}/beacon`, JSON.stringify({ key: view.key, seq: 2, pages: [{ page: 3, ms: 4000 }] }), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(plain.statusCode, plain.body).toBe(204);
    expect((await anonymous('POST', `/d/${link.token}/views/${view.view_id}/beacon`, 'not json', { 'content-type': 'text/plain' })).statusCode).toBe(400);
    expect((await stats(link.id)).page_ms).toEqual([8000, 3000, 4000, 0]);
    // Revoked: its beacons are refused too.
    await ada.call('POST', `/deck-links/${link.id}/revoke`);
    now += 5 * SECOND;
    expect((await beacon(link, view, 3, [{ page: 4, ms: 1000 }])).statusCode).toBe(404);
  });

  it('answers a beacon before writing it, writes it within a moment by itself, and checks quick beacons against each other', async () => {
    const link = await makeLink();
    const view = await open(link);
    now += 10 * SECOND;
    const send = (seq: number, ms: number) => anonymous('POST', `/d/${link.token}/views/${view.view_id}/beacon`, { key: view.key, seq, pages: [{ page: 1, ms }] });
    expect((await send(1, 6000)).statusCode).toBe(204);
    // Not written yet, and already counted by the checks: its replay 409, and past the time since the view began 422.
    expect((await send(1, 100)).statusCode).toBe(409);
    expect((await send(2, 5500)).statusCode).toBe(422);
    expect((await send(2, 4000)).statusCode).toBe(204);
    const counted = async () => (await app.db.select().from(deckViews).where(eq(deckViews.id, view.view_id)))[0];
    await vi.waitFor(async () => expect(await counted()).toMatchObject({ last_seq: 2, counted_ms: 10_000 }), { timeout: 5_000 });
    expect((await stats(link.id)).page_ms).toEqual([10_000, 0, 0, 0]);
  });

  it('counts a batch of beacons of several views at once: two views of one link first read in it are one visit', async () => {
    const jane = await investorAt(app, 'Jane', 'jane@batch.test', 'batch.test');
    const listId = await listWith(ada.call, 'investor', [jane], 'Batch rows');
    const link = await makeLink({ list_id: listId, investor_id: jane, name: undefined });
    const [first, second] = [await open(link), await open(link, 'partner@batch.test')];
    now += 10 * SECOND;
    const send = (view: DeckViewStart, seq: number, pages: Array<{ page: number; ms: number }>) =>
      anonymous('POST', `/d/${link.token}/views/${view.view_id}/beacon`, { key: view.key, seq, pages });
    for (const answer of [await send(first, 1, [{ page: 1, ms: 4000 }]), await send(second, 1, [{ page: 2, ms: 3000 }]), await send(first, 2, [{ page: 1, ms: 2000 }, { page: 3, ms: 1000 }])]) {
      expect(answer.statusCode).toBe(204);
    }
    await app.deckBeacons.flush();
    const { page_ms, visits } = await stats(link.id);
    expect(page_ms).toEqual([6000, 3000, 1000, 0]);
    expect(visits).toHaveLength(1);
    const activity = (await ada.call('GET', `/lists/${listId}/investors/${jane}/activity`)).json() as Array<{ action: string }>;
    expect(activity.filter((entry) => entry.action === 'deck_opened')).toHaveLength(1);
    expect((await ada.call('GET', `/lists/${listId}/items`)).json()[0].pipeline.deck).toMatchObject({ total_ms: 10_000, pages_reached: 3 });
  });

  it('groups views less than 10 minutes apart into visits, each with its pages in order', async () => {
    const link = await makeLink();
    const first = await open(link, 'a@x.test');
    now += 10 * SECOND;
    await beacon(link, first, 1, [{ page: 2, ms: 4000 }, { page: 1, ms: 5000 }]);
    now += 3 * MINUTE;
    const second = await open(link, 'a@x.test');
    now += 10 * SECOND;
    await beacon(link, second, 1, [{ page: 3, ms: 6000 }, { page: 2, ms: 500 }]);
    now += 11 * MINUTE;
    const third = await open(link, 'b@x.test');
    now += 5 * SECOND;
    await beacon(link, third, 1, [{ page: 4, ms: 700 }]);
    const { link: summary, page_ms, visits } = await stats(link.id);
    expect(summary.summary).toMatchObject({ visits: 2, total_ms: 16_200, pages_reached: 3, page_count: 4 });
    expect(page_ms).toEqual([5000, 4500, 6000, 700]);
    expect(visits).toHaveLength(2);
    expect(visits[0]).toMatchObject({ email: 'b@x.test', total_ms: 700, pages: [{ page: 4, ms: 700 }] });
    expect(visits[1]).toMatchObject({ email: 'a@x.test', total_ms: 15_500, pages: [{ page: 2, ms: 4500 }, { page: 1, ms: 5000 }, { page: 3, ms: 6000 }] });
    expect(summary.summary.last_visit_at).toBe(visits[0].started_at);
  });

  it("moves a row's deck line, tells the list's members live, and logs 'deck_opened' once a visit", async () => {
    const jane = await investorAt(app, 'Jane', 'jane@seq.test', 'seq.test');
    const listId = await listWith(ada.call, 'investor', [jane], 'Deck rows');
    const link = await makeLink({ list_id: listId, investor_id: jane, name: undefined });
    const rowDeck = async () => (await ada.call('GET', `/lists/${listId}/items`)).json()[0].pipeline.deck;
    expect(await rowDeck()).toBeNull();
    const view = await open(link);
    // Opening and a beacon with no time read tell nothing.
    now += 2 * SECOND;
    expect((await beacon(link, view, 1, [])).statusCode).toBe(204);
    expect(await rowDeck()).toBeNull();
    now += 8 * SECOND;
    expect((await beacon(link, view, 2, [{ page: 1, ms: 7000 }])).statusCode).toBe(204);
    const line = { link_id: link.id, last_visit_at: expect.any(String), total_ms: 7000, pages_reached: 1, page_count: 4 };
    expect(await rowDeck()).toEqual(line);
    const events = await app.db.select().from(listEvents).where(and(eq(listEvents.list_id, listId), eq(listEvents.type, 'row-changed')));
    expect(events.at(-1)!.data).toEqual({ kind: 'investor', item_id: jane, changes: { deck: { from: null, to: line } } });
    expect(events.at(-1)!.user_id).toBeNull();
    // The next beacon within the minute moves nothing; one after it does.
    now += 10 * SECOND;
    await beacon(link, view, 3, [{ page: 2, ms: 9000 }]);
    expect((await rowDeck()).total_ms).toBe(7000);
    now += MINUTE;
    await beacon(link, view, 4, [{ page: 2, ms: 9000 }]);
    expect(await rowDeck()).toMatchObject({ total_ms: 25_000, pages_reached: 2 });
    // A second view in the same visit logs no second 'deck_opened'; one after 10 minutes does.
    const again = await open(link);
    now += 5 * SECOND;
    await beacon(link, again, 1, [{ page: 3, ms: 4000 }]);
    now += 11 * MINUTE;
    const later = await open(link);
    now += 5 * SECOND;
    await beacon(link, later, 1, [{ page: 4, ms: 4000 }]);
    const activity = (await ada.call('GET', `/lists/${listId}/investors/${jane}/activity`)).json() as Array<{ action: string; user: unknown; deck?: unknown }>;
    const opened = activity.filter((entry) => entry.action === 'deck_opened');
    expect(opened).toHaveLength(2);
    expect(opened[0]).toMatchObject({ user: null, deck: { link_id: link.id, deck_name: 'Seed deck', email: 'jane@sequoia.test' } });
    expect(await rowDeck()).toMatchObject({ total_ms: 33_000, pages_reached: 4 });
    // The deck deleted: the row's line goes, told to the list.
    expect((await ada.call('DELETE', `/decks/${deck.id}`)).statusCode).toBe(204);
    expect(await rowDeck()).toBeNull();
  });
});

describe('the deck rate limits', () => {
  it('answer 429 with a detail past the gate’s limit for one address, and past a founder’s uploads an hour', async () => {
    const [kind] = testDatabases();
    const { app, close } = await buildTestApp(kind);
    try {
      let last;
      for (let i = 0; i < 121; i++) last = await app.inject({ method: 'GET', url: `/api/v1/d/${'A'.repeat(32)}` });
      expect(last!.statusCode).toBe(429);
      expect(last!.json().detail).toMatch(/Too many attempts/);
      expect(last!.headers['retry-after']).toEqual(expect.any(String));
      const elsewhere = await app.inject({ method: 'GET', url: `/api/v1/d/${'A'.repeat(32)}`, remoteAddress: '203.0.113.9' });
      expect(elsewhere.statusCode).toBe(404);
      // A founder's uploads an hour, counted before the body is read.
      const ada = await member(app);
      for (let i = 0; i < DECK_UPLOADS_PER_HOUR; i++) expect((await uploadPdf(app, ada.headers, '/decks?name=x', 'not a pdf')).statusCode).toBe(415);
      const over = await uploadPdf(app, ada.headers, '/decks?name=x', pdfWithPages(1));
      expect(over.statusCode).toBe(429);
      expect(over.json().detail).toMatch(/Too many attempts/);
      // Beacons from one address: 600 a minute, whatever they say.
      const beaconUrl = `/api/v1/d/${'B'.repeat(32)}/views/1/beacon`;
      const payload = { key: 'k', seq: 1, pages: [] };
      const { max } = VIEWER_RATE_RULES.beacons[0];
      for (let i = 0; i < max; i++) expect((await app.inject({ method: 'POST', url: beaconUrl, payload, remoteAddress: '203.0.113.20' })).statusCode).toBe(404);
      const flood = await app.inject({ method: 'POST', url: beaconUrl, payload, remoteAddress: '203.0.113.20' });
      expect(flood.statusCode).toBe(429);
      expect(flood.json().detail).toMatch(/Too many attempts/);
    } finally {
      await close();
    }
  });
});
