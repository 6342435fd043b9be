// "NAME opened your deck" (issue 47): mailed to the deck's owner when a visit of a link begins, at most once per link
// an hour, through a real SMTP sink; its subject holds no secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Deck, DeckLink, DeckViewStart } from '../../src/shared/decks.js';
import { buildTestApp } from '../helpers/app.js';
import { investorAt } from '../helpers/capture.js';
import { testDatabases } from '../helpers/database.js';
import { pdfWithPages, uploadPdf } from '../helpers/pdf.js';
import { listWith } from '../helpers/pipeline.js';
import { startSmtpSink, type ReceivedMail } from '../helpers/smtp-sink.js';
import { mailSubject, member, type Member } from '../helpers/teams.js';

const MINUTE = 60_000;

describe.each(testDatabases())('the deck opened mail on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ada: Member;
  let deck: Deck;
  let now = Date.now();

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ app, close } = await buildTestApp(kind, { rateLimit: false, clock: () => new Date(now), config: { smtpUrl: sink.url } }));
    ada = await member(app);
    deck = (await uploadPdf(app, ada.headers, '/decks?name=Seed%20deck', pdfWithPages(3))).json();
  });
  afterAll(async () => {
    await close();
    await sink.close();
  });

  const link = async (settings: Record<string, unknown>) => (await ada.call('POST', `/decks/${deck.id}/links`, settings)).json() as DeckLink;
  /** A view that reads a page for 5 s: a visit begins. */
  const visit = async (of: DeckLink, email = 'reader@fund.test') => {
    const view = (await app.inject({ method: 'POST', url: `/api/v1/d/${of.token}/views`, payload: { email } })).json() as DeckViewStart;
    now += 6000;
    const res = await app.inject({ method: 'POST', url: `/api/v1/d/${of.token}/views/${view.view_id}/beacon`, payload: { key: view.key, seq: 1, pages: [{ page: 1, ms: 5000 }] } });
    expect(res.statusCode, res.body).toBe(204);
  };
  const mailsTo = (address: string) => sink.mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  const nextMail = async (address: string, count: number): Promise<ReceivedMail> => {
    await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(count);
    return mailsTo(address)[count - 1];
  };

  it("mails the owner once a visit begins, at most once per link per hour, naming a row's investor", async () => {
    const jane = await investorAt(app, 'Jane', 'jane@sequoia.test', 'sequoia.test');
    const listId = await listWith(ada.call, 'investor', [jane], 'Seed');
    const forJane = await link({ list_id: listId, investor_id: jane });
    await visit(forJane, 'jane@sequoia.test');
    const first = await nextMail(ada.email, 1);
    expect(mailSubject(first)).toBe('Fundscape: Jane Investor opened your deck');
    expect(first.text).toContain('Jane Investor (jane@sequoia.test) opened your deck "Seed deck"');
    expect(first.text).toContain(`http://app.test/lists/${listId}`);
    expect(first.raw).not.toContain(forJane.token);

    // Another visit within the hour: no mail. One after it: a mail.
    now += 15 * MINUTE;
    await visit(forJane);
    now += 50 * MINUTE;
    await visit(forJane);
    const second = await nextMail(ada.email, 2);
    expect(mailSubject(second)).toBe('Fundscape: Jane Investor opened your deck');
    expect(mailsTo(ada.email)).toHaveLength(2);
  });

  it('names a general link in the body, never what its reader typed in the subject', async () => {
    const before = mailsTo(ada.email).length;
    const general = await link({ name: 'Angels' });
    await visit(general, 'ceo@evil.test');
    const mail = await nextMail(ada.email, before + 1);
    expect(mailSubject(mail)).toBe('Fundscape: Someone opened your deck');
    expect(mail.text).toContain('Someone (ceo@evil.test) opened your deck "Seed deck" through your link "Angels"');
    expect(mail.text).toContain('http://app.test/decks');
  });
});
