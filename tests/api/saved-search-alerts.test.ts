// Saved searches' alerts in the morning mail (src/server/README.md, "Morning mail"): from FOLLOW_UP_DIGEST_HOUR, each
// saved search whose alert is due lists the rows added since its last alert (or since it was seen) that
// match it, up to 10 with a link to see them all, in one mail a day with the follow-ups, through real
// SMTP — once, even with two instances on one PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { followUpDigests, investors, savedSearches } from '../../src/server/db/schema.js';
import { localDay } from '../../src/server/modules/pipeline/days.js';
import { savedSearchSeenPath, SAVED_SEARCHES_PATH } from '../../src/shared/saved-searches.js';
import { testDatabases } from '../helpers/database.js';
import { buildMailingApp, describeTwoInstancesMailing } from '../helpers/morning-mail.js';
import { caller, type Call, insertFund, listWith } from '../helpers/pipeline.js';
import { startSmtpSink, type ReceivedMail } from '../helpers/smtp-sink.js';
import { createVerifiedUser } from '../helpers/users.js';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

const PATH = SAVED_SEARCHES_PATH.replace('/api/v1', '');
/** November 2026, this day and hour, server local time. */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);

let made = 0;
/** An investor of our own, in a country at a stage; `added` shifts its added time from the database's now. */
async function addInvestor(app: FastifyInstance, country: string, stage: string, added = "interval '0'") {
  made++;
  const [row] = await app.db
    .insert(investors)
    .values({
      first_name: `Ina${made}`,
      last_name: 'Vogel',
      contact_title: 'Partner',
      email: `ina${made}@example.test`,
      gender: 'Female',
      phone: 'NaN',
      firm_name: made % 2 === 0 ? 'NaN' : `Firm ${made}`,
      type_of_firm: 'Venture Capital Fund',
      office_website: 'NaN',
      city: 'Berlin',
      state: 'NaN',
      country,
      stage_preferences: [stage],
      added_at: sql`now() + ${sql.raw(added)}`,
    })
    .returning({ id: investors.id });
  return row.id;
}

async function save(call: Call, body: Record<string, unknown>): Promise<string> {
  const res = await call('POST', PATH, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** The mail's text with plain line ends. */
const text = (mail: ReceivedMail) => mail.text.replace(/\r\n/g, '\n');
const mailsTo = (sink: Sink, email: string) => sink.mails.filter((mail) => mail.to.includes(email.toLowerCase()));

/** As if that much time had passed since everything so far: every saved search's times and row's added time move back. */
async function passes(app: FastifyInstance, interval: string) {
  const by = sql.raw(`interval '${interval}'`);
  await app.db.execute(sql`UPDATE saved_searches SET created_at = created_at - ${by}, last_seen_at = last_seen_at - ${by},
    last_alerted_at = last_alerted_at - ${by}`);
  for (const table of ['investors', 'funds']) {
    await app.db.execute(sql`UPDATE ${sql.identifier(table)} SET added_at = added_at - ${by} WHERE added_at IS NOT NULL`);
  }
}

describe.each(testDatabases())('saved-search alerts on $name', (kind) => {
  let sink: Sink;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let now = at(23, 7, 0);
  let ada: Awaited<ReturnType<typeof createVerifiedUser>>;
  let bea: Awaited<ReturnType<typeof createVerifiedUser>>;
  let cy: Awaited<ReturnType<typeof createVerifiedUser>>;
  const ids = { seed: '', ny: '', off: '', iceland: '', beaSeed: '', cyNothing: '' };
  const rows = { oldSeed: 0, newSeed: [] as number[], expansion: 0, ny: [] as number[], future: 0 };

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ app, close } = await buildMailingApp(kind, { smtpUrl: sink.url, clock: () => now, digestHour: 8, everyMs: 3_600_000 }));
    rows.oldSeed = await addInvestor(app, 'Germany', 'Seed');
    ada = await createVerifiedUser(app);
    bea = await createVerifiedUser(app);
    cy = await createVerifiedUser(app);
    const adaCall = caller(app, ada.headers);
    ids.seed = await save(adaCall, { name: 'Seed in Germany', kind: 'investors', query: { countries: 'Germany', stages: 'Seed' } });
    ids.ny = await save(adaCall, { name: 'New York funds', kind: 'funds', query: { states: 'NY' }, alert: 'daily' });
    ids.off = await save(adaCall, { name: 'Everyone, quietly', kind: 'investors', query: {}, alert: 'off' });
    ids.iceland = await save(adaCall, { name: 'Iceland', kind: 'investors', query: { countries: 'Iceland' } });
    ids.beaSeed = await save(caller(app, bea.headers), { name: 'Seed', kind: 'investors', query: { stages: 'Seed' }, alert: 'daily' });
    ids.cyNothing = await save(caller(app, cy.headers), { name: 'Iceland', kind: 'investors', query: { countries: 'Iceland' } });
    // Ada has a follow-up due today, so her alerts come in the same mail.
    const list = await listWith(adaCall, 'investor', [rows.oldSeed], 'Seed targets');
    await adaCall('PATCH', `/lists/${list}/investors/${rows.oldSeed}`, { follow_up_on: localDay(now) });

    for (let k = 0; k < 12; k++) rows.newSeed.push(await addInvestor(app, 'Germany', 'Seed'));
    rows.expansion = await addInvestor(app, 'Germany', 'Expansion');
    rows.ny.push(await insertFund(app, 'Hudson Partners', 'NY'), await insertFund(app, 'Empire Capital', 'NY'));
    await insertFund(app, 'Golden Gate Fund', 'CA');
    // Added after the morning's cutoff (a row committed while the mail is being made): left to the next alert.
    rows.future = await addInvestor(app, 'Germany', 'Seed', "interval '1 hour'");
  });
  afterAll(async () => {
    await close();
    await sink.close();
  });

  it('mails nobody before the hour', async () => {
    await app.morningMail.tick();
    expect(sink.mails).toEqual([]);
  });

  it('sends one mail with the follow-ups and, per due search, only its new matching rows: 10 at most, the total and a link', async () => {
    now = at(23, 8, 0);
    await app.morningMail.tick();
    const [mail, ...more] = mailsTo(sink, ada.email);
    expect(more).toEqual([]);
    expect(mail.raw).toMatch(/^Subject: Fundscape: 1 follow-up due, 14 new matches for your saved searches$/m);
    const body = text(mail);
    expect(body).toContain('Hi Ada,\n\nHere is what to follow up on, as of Mon, Nov 23:');
    const alerts = body.slice(body.indexOf('New in your saved searches:'));
    const listed = (search: string) => [...search.matchAll(/^- .*\/(investor|fund)\/(\d+)$/gm)].map((m) => Number(m[2]));
    const seedBlock = alerts.slice(alerts.indexOf('Seed in Germany'), alerts.indexOf('New York funds'));
    expect(seedBlock.split('\n')[0]).toBe('Seed in Germany: 12 new investors');
    expect(listed(seedBlock)).toEqual(rows.newSeed.slice(0, 10));
    expect(seedBlock).toContain(`See them all: http://app.test/saved-searches/${ids.seed}`);
    const nyBlock = alerts.slice(alerts.indexOf('New York funds'));
    expect(nyBlock).toContain(
      [
        'New York funds: 2 new funds',
        `- Hudson Partners: http://app.test/fund/${rows.ny[0]}`,
        `- Empire Capital: http://app.test/fund/${rows.ny[1]}`,
        `See them all: http://app.test/saved-searches/${ids.ny}`,
      ].join('\n'),
    );
    // Neither the row there before the search, nor one of another stage, nor the one after the cutoff; no
    // alert turned off, none with nothing new.
    for (const id of [rows.oldSeed, rows.expansion, rows.future]) expect(body).not.toContain(`/investor/${id}\n`);
    expect(body).not.toContain('Everyone, quietly');
    expect(body).not.toContain('Iceland');
    // An investor with a firm is named with it, one without by name alone.
    expect(body).toMatch(/^- Ina\d+ Vogel \(Firm \d+\): /m);
    expect(body).toMatch(/^- Ina\d+ Vogel: /m);
    expect(mail.text).toContain(`<a href="http://app.test/saved-searches/${ids.seed}">See them all</a>`);

    const [beaMail] = mailsTo(sink, bea.email);
    expect(beaMail.raw).toMatch(/^Subject: Fundscape: 12 new matches for your saved searches$/m);
    expect(text(beaMail)).not.toContain('follow up');
    expect(mailsTo(sink, cy.email)).toEqual([]);
    expect(sink.mails).toHaveLength(2);
  });

  it('marks each alert made, the quiet ones too, and none turned off', async () => {
    const alerted = await app.db.select({ id: savedSearches.id, at: savedSearches.last_alerted_at }).from(savedSearches);
    const made = new Set(alerted.filter((row) => row.at !== null).map((row) => row.id));
    expect([ids.seed, ids.ny, ids.iceland, ids.beaSeed, ids.cyNothing].every((id) => made.has(id))).toBe(true);
    expect(made.has(ids.off)).toBe(false);
  });

  it('sends nothing more that day, however often it ticks', async () => {
    await insertFund(app, 'Late Fund', 'NY');
    for (const minute of [1, 30, 59]) {
      now = at(23, 21, minute);
      await app.morningMail.tick();
    }
    expect(sink.mails).toHaveLength(2);
  });

  it('alerts a daily search a day later with what came since, a weekly one a week later, and after a look only what came after it', async () => {
    await passes(app, '1 day');
    // Bea looked at hers since: what came before that is not new to it.
    await addInvestor(app, 'France', 'Seed');
    expect((await caller(app, bea.headers)('POST', savedSearchSeenPath(ids.beaSeed).replace('/api/v1', ''))).statusCode).toBe(200);
    const afterLook = await addInvestor(app, 'France', 'Seed');
    now = at(24, 8, 5);
    await app.morningMail.tick();

    const [, adaMail] = mailsTo(sink, ada.email);
    expect(adaMail.raw).toMatch(/^Subject: Fundscape: 1 follow-up due, 1 new match for your saved searches$/m);
    expect(text(adaMail)).toContain('New York funds: 1 new fund\n- Late Fund: ');
    // The weekly search waits for its week, though the row added after yesterday's cutoff matches it.
    expect(text(adaMail)).not.toContain('Seed in Germany');

    const [, beaMail] = mailsTo(sink, bea.email);
    const beaListed = [...text(beaMail).matchAll(/\/investor\/(\d+)$/gm)].map((m) => Number(m[1]));
    // Only the row after her look.
    expect(beaListed).toEqual([afterLook]);

    await passes(app, '7 days');
    now = at(25, 8, 0);
    await app.morningMail.tick();
    const [, , adaWeek] = mailsTo(sink, ada.email);
    expect(adaWeek.raw).toMatch(/^Subject: Fundscape: 1 follow-up due, 1 new match for your saved searches$/m);
    const seedBlock = text(adaWeek).slice(text(adaWeek).indexOf('Seed in Germany'));
    // The row that was being committed during the first mail, after its cutoff: in this alert, not that one.
    expect(seedBlock.split('\n')[0]).toBe('Seed in Germany: 1 new investor');
    expect([...seedBlock.matchAll(/\/investor\/(\d+)$/gm)].map((m) => Number(m[1]))).toEqual([rows.future]);
  });

  it('keeps the alerts to make when the mail cannot be sent, and gives the day back', async () => {
    // Nothing listens on port 1: every send fails.
    const failing = await buildMailingApp(kind, {
      smtpUrl: 'smtp://127.0.0.1:1',
      clock: () => at(23, 9, 0),
      digestHour: 8,
      everyMs: 3_600_000,
    });
    try {
      const user = await createVerifiedUser(failing.app);
      const id = await save(caller(failing.app, user.headers), { name: 'All', kind: 'investors', query: {}, alert: 'daily' });
      await addInvestor(failing.app, 'Germany', 'Seed');
      await failing.app.morningMail.tick();
      expect(await failing.app.db.select().from(followUpDigests)).toEqual([]);
      const [search] = await failing.app.db.select().from(savedSearches).where(eq(savedSearches.id, id));
      expect(search.last_alerted_at).toBeNull();
    } finally {
      await failing.close();
    }
  });
});

describeTwoInstancesMailing({
  tag: 'saved-search-alerts',
  mail: 'saved-search alerts',
  test: 'mails each founder with new matches exactly once, while both tick',
  before: async ([a, b]) => {
    const founders = [];
    for (const app of [a, b, a]) {
      const founder = await createVerifiedUser(app);
      await save(caller(app, founder.headers), { name: 'Seed', kind: 'investors', query: { stages: 'Seed' }, alert: 'daily' });
      founders.push(founder);
    }
    const quiet = await createVerifiedUser(b);
    await save(caller(b, quiet.headers), { name: 'Iceland', kind: 'investors', query: { countries: 'Iceland' } });
    for (let k = 0; k < 3; k++) await addInvestor(a, 'Germany', 'Seed');
    return { recipients: founders.map((founder) => founder.email) };
  },
  after: (_setup, _apps, mails) => {
    for (const mail of mails) expect(text(mail)).toContain('Seed: 3 new investors');
  },
});
