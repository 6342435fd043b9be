// Decks (issue 47), the founder's side: uploads checked by their bytes, decks and versions, links and their
// settings, and who may read or change a row's link on a shared list.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { deckLinks, decks, deckVersions, listMembers } from '../../src/server/db/schema.js';
import { DECK_LIMITS, type Deck, type DeckLink } from '../../src/shared/decks.js';
import { buildTestApp } from '../helpers/app.js';
import { investorAt } from '../helpers/capture.js';
import { testDatabases } from '../helpers/database.js';
import { corruptPdf, encryptedPdf, pdfWithPages, uploadPdf } from '../helpers/pdf.js';
import { listWith } from '../helpers/pipeline.js';
import { member, type Member } from '../helpers/teams.js';

describe.each(testDatabases())('decks on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let ada: Member;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false }));
    ada = await member(app);
  });
  afterAll(() => close());

  const decksOf = async (who: Member) => (await app.db.select({ n: count() }).from(decks).where(eq(decks.user_id, who.id)))[0].n;
  const upload = async (who: Member, bytes: Buffer, name = 'Seed deck') => {
    const res = await uploadPdf(app, who.headers, `/decks?name=${encodeURIComponent(name)}&file_name=seed.pdf`, bytes);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Deck;
  };

  describe('uploads', () => {
    it('keeps a PDF with its pages, size and name, and its bytes as sent', async () => {
      const bytes = pdfWithPages(3);
      const deck = await upload(ada, bytes);
      expect(deck).toMatchObject({ name: 'Seed deck', link_count: 0, latest: { version: 1, file_name: 'seed.pdf', bytes: bytes.length, page_count: 3 } });
      expect(deck.versions).toHaveLength(1);
      const [stored] = await app.db.select().from(deckVersions).where(eq(deckVersions.deck_id, deck.id));
      expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      const list = await ada.call('GET', '/decks');
      expect(list.json()[0]).toMatchObject({ id: deck.id, latest: { page_count: 3 } });
      expect(list.json()[0].versions).toBeUndefined();
    });

    it('refuses what is not a deck with why, and keeps nothing', async () => {
      const before = await decksOf(ada);
      const cases: Array<[Buffer | string, number, RegExp, string?]> = [
        ['just some text', 415, /not a PDF/],
        [Buffer.from('PK\u0003\u0004 a zip named deck.pdf'), 415, /not a PDF/],
        [Buffer.alloc(0), 422, /empty/],
        [corruptPdf(), 422, /cannot be read/],
        [encryptedPdf(), 422, /password/],
        [pdfWithPages(0), 422, /no pages/],
        [pdfWithPages(DECK_LIMITS.pages + 1), 422, new RegExp(`at most ${DECK_LIMITS.pages} pages; this one has ${DECK_LIMITS.pages + 1}`)],
        [pdfWithPages(1), 415, /not a PDF/, 'application/json'],
        [pdfWithPages(1), 415, /.+/, 'multipart/form-data; boundary=x'],
      ];
      for (const [bytes, status, detail, type] of cases) {
        const res = await uploadPdf(app, ada.headers, '/decks?name=Bad', bytes, type);
        expect(res.statusCode, `${String(bytes).slice(0, 20)}: ${res.body}`).toBe(status);
        expect(res.json().detail).toMatch(detail);
      }
      expect(await decksOf(ada)).toBe(before);
    });

    it('refuses a body declared over 50 MB before reading it, and one that turns out larger', async () => {
      const before = await decksOf(ada);
      const declared = await app.inject({
        method: 'POST',
        url: '/api/v1/decks?name=Huge',
        headers: { ...ada.headers, 'content-type': 'application/pdf', 'content-length': String(DECK_LIMITS.bytes + 1) },
        payload: Buffer.from('%PDF-'),
      });
      expect(declared.statusCode).toBe(413);
      expect(declared.json().detail).toMatch(/50 MB/);
      // Chunked: no length declared, stopped once past the limit.
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const streamed = await app.inject({
        method: 'POST',
        url: '/api/v1/decks?name=Huge',
        headers: { ...ada.headers, 'content-type': 'application/pdf' },
        payload: Readable.from([Buffer.from('%PDF-1.4\n'), ...Array.from({ length: DECK_LIMITS.bytes / chunk.length + 1 }, () => chunk)]),
      });
      expect(streamed.statusCode).toBe(413);
      expect(streamed.json().detail).toBe('Request body is too large');
      expect(await decksOf(ada)).toBe(before);
    });

    it('asks for a name and a log-in', async () => {
      expect((await uploadPdf(app, ada.headers, '/decks', pdfWithPages(1))).statusCode).toBe(422);
      expect((await uploadPdf(app, ada.headers, '/decks?name=%20%20', pdfWithPages(1))).statusCode).toBe(422);
      expect((await uploadPdf(app, {}, '/decks?name=x', pdfWithPages(1))).statusCode).toBe(401);
    });

    it('adds versions that links not pinned follow; renames and deletes; another founder gets 404', async () => {
      const deck = await upload(ada, pdfWithPages(2), 'Series A');
      const pinned = await ada.call('POST', `/decks/${deck.id}/links`, { name: 'Pinned', version_id: deck.latest.id });
      const latest = await ada.call('POST', `/decks/${deck.id}/links`, { name: 'Latest' });
      const v2 = await uploadPdf(app, ada.headers, `/decks/${deck.id}/versions?file_name=a-v2.pdf`, pdfWithPages(4));
      expect(v2.statusCode, v2.body).toBe(201);
      expect(v2.json()).toMatchObject({ latest: { version: 2, page_count: 4, file_name: 'a-v2.pdf' }, link_count: 2 });
      expect(v2.json().versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      const links = (await ada.call('GET', `/decks/${deck.id}/links`)).json() as DeckLink[];
      expect(links.find((l) => l.id === pinned.json().id)).toMatchObject({ shows_version: 1, version_id: deck.latest.id, summary: { page_count: 2 } });
      expect(links.find((l) => l.id === latest.json().id)).toMatchObject({ shows_version: 2, version_id: null, summary: { page_count: 4 } });
      // A corrupt version keeps nothing.
      expect((await uploadPdf(app, ada.headers, `/decks/${deck.id}/versions`, corruptPdf())).statusCode).toBe(422);
      expect((await ada.call('GET', `/decks/${deck.id}`)).json().versions).toHaveLength(2);

      const bea = await member(app);
      expect((await bea.call('GET', `/decks/${deck.id}`)).statusCode).toBe(404);
      expect((await bea.call('PATCH', `/decks/${deck.id}`, { name: 'Mine' })).statusCode).toBe(404);
      expect((await bea.call('DELETE', `/decks/${deck.id}`)).statusCode).toBe(404);
      expect((await uploadPdf(app, bea.headers, `/decks/${deck.id}/versions`, pdfWithPages(1))).statusCode).toBe(404);
      expect((await bea.call('GET', `/decks/${deck.id}/links`)).statusCode).toBe(404);
      expect((await bea.call('POST', `/decks/${deck.id}/links`, { name: 'x' })).statusCode).toBe(404);
      expect((await bea.call('GET', '/decks')).json()).toEqual([]);

      expect((await ada.call('PATCH', `/decks/${deck.id}`, { name: '  Series A final ' })).json().name).toBe('Series A final');
      expect((await ada.call('DELETE', `/decks/${deck.id}`)).statusCode).toBe(204);
      expect((await ada.call('GET', `/decks/${deck.id}`)).statusCode).toBe(404);
      expect(await app.db.select().from(deckLinks).where(eq(deckLinks.deck_id, deck.id))).toEqual([]);
      expect((await app.inject({ method: 'GET', url: `/api/v1/d/${latest.json().token}` })).statusCode).toBe(404);
    });

    it('holds the per-account limit before reading the body', async () => {
      const bea = await member(app);
      const deck = await upload(bea, pdfWithPages(1));
      const [version] = await app.db.select().from(deckVersions).where(eq(deckVersions.deck_id, deck.id));
      await app.db.insert(decks).values(Array.from({ length: DECK_LIMITS.decksPerAccount - 1 }, (_, i) => ({ user_id: bea.id, name: `D${i}` })));
      const res = await uploadPdf(app, bea.headers, '/decks?name=One+more', pdfWithPages(1));
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toMatch(`at most ${DECK_LIMITS.decksPerAccount} decks`);
      const { id: _id, ...copy } = version;
      await app.db.insert(deckVersions).values(Array.from({ length: DECK_LIMITS.versionsPerDeck - 1 }, (_, i) => ({ ...copy, version: i + 2 })));
      const more = await uploadPdf(app, bea.headers, `/decks/${deck.id}/versions`, pdfWithPages(1));
      expect(more.statusCode).toBe(422);
      expect(more.json().detail).toMatch(`at most ${DECK_LIMITS.versionsPerDeck} versions`);
    });
  });

  describe('links', () => {
    let deck: Deck;
    let jane: number;
    let listId: number;

    beforeAll(async () => {
      deck = await upload(ada, pdfWithPages(5), 'Links deck');
      jane = await investorAt(app, 'Jane', 'jane@sequoia.test', 'sequoia.test');
      listId = await listWith(ada.call, 'investor', [jane], 'Seed investors');
    });

    it('makes a general link with its settings, its token unguessable; asks a general link for a name', async () => {
      const expires = new Date(Date.now() + 86_400_000).toISOString();
      const res = await ada.call('POST', `/decks/${deck.id}/links`, {
        name: ' Angel list ', require_email: false, allow_download: true, watermark: true, expires_at: expires, email: 'x@y.test',
      });
      expect(res.statusCode, res.body).toBe(201);
      const link = res.json() as DeckLink;
      expect(link).toMatchObject({
        deck_id: deck.id, deck_name: 'Links deck', name: 'Angel list', row: null, version_id: null, shows_version: 1,
        require_email: false, email: 'x@y.test', expires_at: expires, allow_download: true, watermark: true, revoked_at: null,
        created_by: { id: ada.id }, summary: { visits: 0, total_ms: 0, last_visit_at: null, pages_reached: 0, page_count: 5 },
      });
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const defaults = (await ada.call('POST', `/decks/${deck.id}/links`, { name: 'Defaults' })).json();
      expect(defaults).toMatchObject({ require_email: true, allow_download: false, watermark: false, expires_at: null, email: null });
      expect(defaults.token).not.toBe(link.token);

      expect((await ada.call('POST', `/decks/${deck.id}/links`, {})).statusCode).toBe(422);
      expect((await ada.call('POST', `/decks/${deck.id}/links`, { name: 'Past', expires_at: '2020-01-01T00:00:00Z' })).statusCode).toBe(422);
      expect((await ada.call('POST', `/decks/${deck.id}/links`, { name: 'x', list_id: listId })).statusCode).toBe(422);
      expect((await ada.call('POST', `/decks/${deck.id}/links`, { name: 'x', email: 'not an address' })).statusCode).toBe(422);
      const other = await upload(ada, pdfWithPages(1), 'Other');
      expect((await ada.call('POST', `/decks/${deck.id}/links`, { name: 'x', version_id: other.latest.id })).statusCode).toBe(422);
    });

    it('makes a link once for one Idempotency-Key (the offline outbox’s replay)', async () => {
      const key = { 'idempotency-key': `link-${Date.now()}` };
      const first = await ada.call('POST', `/decks/${deck.id}/links`, { name: 'Once' }, key);
      const again = await ada.call('POST', `/decks/${deck.id}/links`, { name: 'Once' }, key);
      expect(first.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
    });

    it('changes each setting and revokes (then the link answers 404)', async () => {
      const link = (await ada.call('POST', `/decks/${deck.id}/links`, { name: 'To change' })).json() as DeckLink;
      const expires = new Date(Date.now() + 3_600_000).toISOString();
      const patch = { name: 'Changed', require_email: false, email: 'a@b.test', allow_download: true, watermark: true, expires_at: expires, version_id: deck.latest.id };
      const res = await ada.call('PATCH', `/deck-links/${link.id}`, patch);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ...patch, shows_version: 1 });
      expect((await ada.call('PATCH', `/deck-links/${link.id}`, { expires_at: null, email: null })).json()).toMatchObject({ expires_at: null, email: null });
      expect((await app.inject({ method: 'GET', url: `/api/v1/d/${link.token}` })).statusCode).toBe(200);
      const revoked = await ada.call('POST', `/deck-links/${link.id}/revoke`);
      expect(revoked.json().revoked_at).toEqual(expect.any(String));
      expect((await ada.call('POST', `/deck-links/${link.id}/revoke`)).json().revoked_at).toBe(revoked.json().revoked_at);
      const gone = await app.inject({ method: 'GET', url: `/api/v1/d/${link.token}` });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().detail).toMatch(/does not exist or was turned off/);
    });

    it("makes a row's link with the investor's e-mail and logs it on the row's activity", async () => {
      const res = await ada.call('POST', `/decks/${deck.id}/links`, { list_id: listId, investor_id: jane });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ name: null, email: 'jane@sequoia.test', row: { list_id: listId, investor_id: jane, investor_name: 'Jane Investor' } });
      const activity = (await ada.call('GET', `/lists/${listId}/investors/${jane}/activity`)).json();
      expect(activity[0]).toMatchObject({ action: 'deck_shared', deck: { link_id: res.json().id, deck_name: 'Links deck', email: 'jane@sequoia.test' }, user: { id: ada.id } });
      const rows = (await ada.call('GET', `/lists/${listId}/investors/${jane}/deck-links`)).json() as DeckLink[];
      expect(rows.map((link) => link.id)).toContain(res.json().id);
      // A row not on the list, a list of funds, a list she is not on.
      expect((await ada.call('POST', `/decks/${deck.id}/links`, { list_id: listId, investor_id: jane + 1000 })).statusCode).toBe(404);
      const funds = await listWith(ada.call, 'fund', [], 'Funds');
      expect((await ada.call('POST', `/decks/${deck.id}/links`, { list_id: funds, investor_id: jane })).statusCode).toBe(422);
      const bea = await member(app);
      const beas = await listWith(bea.call, 'investor', [jane], 'Bea');
      expect((await ada.call('POST', `/decks/${deck.id}/links`, { list_id: beas, investor_id: jane })).statusCode).toBe(404);
    });

    it('shows a shared list’s members its rows’ links and stats; only the deck’s owner changes them', async () => {
      const link = (await ada.call('POST', `/decks/${deck.id}/links`, { list_id: listId, investor_id: jane })).json() as DeckLink;
      const general = (await ada.call('POST', `/decks/${deck.id}/links`, { name: 'General' })).json() as DeckLink;
      const viewer = await member(app);
      const editor = await member(app);
      const stranger = await member(app);
      await app.db.insert(listMembers).values([
        { list_id: listId, user_id: viewer.id, role: 'viewer' },
        { list_id: listId, user_id: editor.id, role: 'editor' },
      ]);
      for (const who of [viewer, editor]) {
        expect((await who.call('GET', `/lists/${listId}/investors/${jane}/deck-links`)).json().map((l: DeckLink) => l.id)).toContain(link.id);
        expect((await who.call('GET', `/deck-links/${link.id}/stats`)).statusCode).toBe(200);
        expect((await who.call('PATCH', `/deck-links/${link.id}`, { watermark: true })).statusCode).toBe(403);
        expect((await who.call('POST', `/deck-links/${link.id}/revoke`)).statusCode).toBe(403);
        // The deck is not theirs: no link of it made by them, none of its general links seen.
        expect((await who.call('POST', `/decks/${deck.id}/links`, { list_id: listId, investor_id: jane })).statusCode).toBe(404);
        expect((await who.call('GET', `/deck-links/${general.id}/stats`)).statusCode).toBe(404);
      }
      for (const [url, method] of [[`/deck-links/${link.id}/stats`, 'GET'], [`/deck-links/${link.id}`, 'PATCH'], [`/deck-links/${link.id}/revoke`, 'POST']] as const) {
        expect((await stranger.call(method, url, method === 'PATCH' ? { watermark: true } : undefined)).statusCode).toBe(404);
      }
      expect((await stranger.call('GET', `/lists/${listId}/investors/${jane}/deck-links`)).statusCode).toBe(404);
      // A viewer of the list cannot make a row's link, even of a deck of her own.
      const viewersDeck = await upload(viewer, pdfWithPages(1), 'Viewer deck');
      expect((await viewer.call('POST', `/decks/${viewersDeck.id}/links`, { list_id: listId, investor_id: jane })).statusCode).toBe(403);
      // An editor may, with her own deck.
      const editorsDeck = await upload(editor, pdfWithPages(1), 'Editor deck');
      expect((await editor.call('POST', `/decks/${editorsDeck.id}/links`, { list_id: listId, investor_id: jane })).statusCode).toBe(201);
    });
  });
});
