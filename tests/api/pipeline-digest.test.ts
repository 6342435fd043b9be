// The morning follow-up digest: from FOLLOW_UP_DIGEST_HOUR each user with something due gets one mail a
// day listing it, with links, through real SMTP — once, even with two instances on one PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { followUpDigests, startups } from '../../src/server/db/schema.js';
import { loadConfig } from '../../src/server/config.js';
import { addDays } from '../../src/shared/days.js';
import { localDay } from '../../src/server/modules/pipeline/days.js';
import { testDatabases } from '../helpers/database.js';
import { buildMailingApp, describeTwoInstancesMailing } from '../helpers/morning-mail.js';
import { caller, insertFund, insertInvestor, listWith } from '../helpers/pipeline.js';
import { startSmtpSink, type ReceivedMail } from '../helpers/smtp-sink.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import { createVerifiedUser } from '../helpers/users.js';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/** 23 November 2026 at this hour, server local time. */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);

/**
 * Three founders: one with a follow-up overdue, one due today (on a fund list) and one next week; one with
 * follow-ups only beyond the week; one with a list and nothing set. Answers who is who.
 */
async function founders(app: FastifyInstance, today: string) {
  const ana = await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital');
  const ben = await insertInvestor(app, 'Ben', 'Abbot', 'NaN');
  const northwind = await insertFund(app, 'Northwind Partners');

  const due = await createVerifiedUser(app);
  const dueCall = caller(app, due.headers);
  const seed = await listWith(dueCall, 'investor', [ana, ben], 'Seed targets');
  const funds = await listWith(dueCall, 'fund', [northwind], 'Funds & friends');
  await dueCall('PATCH', `/lists/${seed}/investors/${ana}`, { follow_up_on: addDays(today, -2) });
  await dueCall('PATCH', `/lists/${seed}/investors/${ben}`, { follow_up_on: addDays(today, 3) });
  await dueCall('PATCH', `/lists/${funds}/funds/${northwind}`, { follow_up_on: today });

  const later = await createVerifiedUser(app);
  const laterCall = caller(app, later.headers);
  const laterList = await listWith(laterCall, 'investor', [ana], 'Later');
  await laterCall('PATCH', `/lists/${laterList}/investors/${ana}`, { follow_up_on: addDays(today, 8) });

  const idle = await createVerifiedUser(app);
  await listWith(caller(app, idle.headers), 'investor', [ana, ben], 'Idle');

  return { due, later, idle, lists: { seed, funds } };
}

function mailsTo(sink: Sink, email: string): ReceivedMail[] {
  return sink.mails.filter((mail) => mail.to.includes(email.toLowerCase()));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('follow-up digest on $name', (kind) => {
  let sink: Sink;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let now = at(23, 7, 59);
  let people: Awaited<ReturnType<typeof founders>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ app, close } = await buildMailingApp(kind, { smtpUrl: sink.url, clock: () => now, digestHour: 8, everyMs: 60_000 }));
    people = await founders(app, localDay(now));
  });
  afterAll(async () => {
    await close();
    await sink.close();
  });

  it('mails nobody before the hour', async () => {
    await app.morningMail.tick();
    expect(sink.mails).toEqual([]);
  });

  it('mails each founder with something due once from the hour on, listing it with links, and nobody else', async () => {
    now = at(23, 8, 0);
    await app.morningMail.tick();
    const [mail, ...more] = mailsTo(sink, people.due.email);
    expect(more).toEqual([]);
    expect(mail.raw).toMatch(/^Subject: Fundscape: 3 follow-ups due$/m);
    const { seed, funds } = people.lists;
    expect(mail.text).toContain(
      [
        'Hi Ada,',
        '',
        'Here is what to follow up on, as of Mon, Nov 23:',
        '',
        'Overdue:',
        `- Ana Stone (Stone Capital), Sat, Nov 21, on Seed targets: http://app.test/lists/${seed}`,
        '',
        'Due today:',
        `- Northwind Partners, Mon, Nov 23, on Funds & friends: http://app.test/lists/${funds}`,
        '',
        'Due in the next 7 days:',
        `- Ben Abbot, Thu, Nov 26, on Seed targets: http://app.test/lists/${seed}`,
        '',
        'All your follow-ups: http://app.test/follow-ups',
      ].join('\r\n'),
    );
    expect(mail.text).toContain(`<a href="http://app.test/lists/${funds}">Northwind Partners, Mon, Nov 23, on Funds &#38; friends</a>`);
    expect(sink.mails.map((m) => m.to)).toEqual([[people.due.email.toLowerCase()]]);
  });

  it('sends nothing more that day, however often it ticks', async () => {
    for (const minute of [1, 30, 59]) {
      now = at(23, 21, minute);
      await app.morningMail.tick();
    }
    expect(sink.mails).toHaveLength(1);
  });

  it('mails again the next day, what is due then', async () => {
    now = at(24, 9, 15);
    await app.morningMail.tick();
    const mails = mailsTo(sink, people.due.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('Overdue:\r\n- Ana Stone (Stone Capital), Sat, Nov 21');
    expect(mails[1].text).toContain('- Northwind Partners, Mon, Nov 23');
    // Eight days ahead yesterday is seven days ahead today.
    expect(mailsTo(sink, people.later.email)).toHaveLength(1);
    expect(mailsTo(sink, people.later.email)[0].raw).toMatch(/^Subject: Fundscape: 1 follow-up due$/m);
    expect(mailsTo(sink, people.idle.email)).toEqual([]);
  });

  it('gives the day back when the mail cannot be sent, so a later tick tries again', async () => {
    // Nothing listens on port 1: every send fails.
    const failing = await buildMailingApp(kind, { smtpUrl: 'smtp://127.0.0.1:1', clock: () => now, digestHour: 8 });
    try {
      now = at(23, 7, 0);
      await founders(failing.app, localDay(now));
      now = at(23, 10, 0);
      await failing.app.morningMail.tick();
      expect(await failing.app.db.select().from(followUpDigests)).toEqual([]);
    } finally {
      await failing.close();
    }
  });
});

describe('the digest scheduler', () => {
  it('ticks by itself, so an instance started after the hour still sends that day', async () => {
    const sink = await startSmtpSink();
    let now = at(23, 7, 0);
    const { app, close } = await buildMailingApp(testDatabases()[0], { smtpUrl: sink.url, clock: () => now, digestHour: 13, everyMs: 50 });
    try {
      const { due } = await founders(app, localDay(now));
      await pause(200);
      expect(sink.mails).toEqual([]);
      now = at(23, 13, 5);
      await sink.waitFor(due.email, () => true, 5_000);
      await pause(300);
      expect(sink.mails).toHaveLength(1);
    } finally {
      await close();
      await sink.close();
    }
  });
});

describeTwoInstancesMailing({
  tag: 'pipeline-digest',
  mail: 'follow-up digest',
  test: 'mails each founder with something due exactly once, and nobody else, while both tick',
  // One mail each to the founders with something due; none to those whose follow-ups are beyond the week or
  // who have none.
  before: async ([a, b], now) => {
    const dues = [(await founders(a, localDay(now))).due, (await founders(b, localDay(now))).due];
    return { dues, recipients: dues.map((due) => due.email) };
  },
  after: async ({ dues }, [a]) => {
    const claims = await a.db.select().from(followUpDigests);
    expect(claims.map((claim) => [claim.user_id, claim.day]).sort()).toEqual(
      dues.map((due) => due.user.id).sort().map((id) => [id, '2026-11-23']),
    );
  },
});

describe.each(testDatabases())("the round's lines in Monday's morning mail, on $name", (kind) => {
  let sink: Sink;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  // Tuesday 24 November, then Monday 30 November.
  let now = at(24, 8, 0);

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ app, close } = await buildMailingApp(kind, { smtpUrl: sink.url, clock: () => now, digestHour: 8, everyMs: 60_000 }));
  });
  afterAll(async () => {
    await close();
    await sink.close();
  });

  it('gives a founder one line per active list on a Monday only, and nothing to a founder with nothing active', async () => {
    const [ana, ben, cy] = [
      await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital'),
      await insertInvestor(app, 'Ben', 'Abbot', 'Abbot VC'),
      await insertInvestor(app, 'Cy', 'Reed', 'Reed Partners'),
    ];
    const raising = await createVerifiedUser(app);
    const call = caller(app, raising.headers);
    // Touches set no follow-up here: the mail is the round's alone.
    await app.db.execute(sql`UPDATE users SET touch_follow_up_days = NULL WHERE id = ${raising.user.id}`);
    await app.db.insert(startups).values({ user_id: raising.user.id, ...SAMPLE_STARTUP, changed_at: new Date() });
    const seed = await listWith(call, 'investor', [ana, ben, cy], 'Seed round');
    const angels = await listWith(call, 'investor', [ana], 'Angels');
    const leads = await listWith(call, 'investor', [ben], 'Leads only');
    await call('PATCH', `/lists/${seed}/investors/${ana}`, { stage: 'term_sheet', amount: 500_000 });
    await call('PATCH', `/lists/${seed}/investors/${ana}`, { stage: 'committed' });
    await call('POST', `/lists/${seed}/investors/${ben}/touches`, { kind: 'email_received' });
    await call('PATCH', `/lists/${seed}/investors/${cy}`, { stage: 'contacted' });
    await call('PATCH', `/lists/${angels}/investors/${ana}`, { stage: 'meeting' });
    // Cy was added and written to a month before: going cold.
    const monthAgo = at(1, 8, 0).toISOString();
    await app.db.execute(sql`UPDATE list_investors SET added_at = ${monthAgo} WHERE list_id = ${seed} AND investor_id = ${cy}`);
    await app.db.execute(sql`UPDATE list_activity SET created_at = ${monthAgo} WHERE list_id = ${seed} AND item_id = ${cy}`);

    const quiet = await createVerifiedUser(app);
    await listWith(caller(app, quiet.headers), 'investor', [ana, ben], 'Not yet');

    await app.morningMail.tick();
    expect(sink.mails).toEqual([]);

    now = at(30, 8, 0);
    await app.morningMail.tick();
    const [mail, ...more] = mailsTo(sink, raising.email);
    expect(more).toEqual([]);
    expect(mail.raw).toMatch(/^Subject: Fundscape: your round this week$/m);
    expect(mail.text).toContain(
      [
        'Your round this week:',
        // Ben's reply and Ana's move past Contacted (an answer), both this week.
        `- Seed round: $500,000 committed of $2,500,000 (20%), 2 new answers this week, 1 going cold: http://app.test/round?list_id=${seed}`,
        `- Angels: $0 committed of $2,500,000 (0%), 1 new answer this week, 0 going cold: http://app.test/round?list_id=${angels}`,
      ].join('\r\n'),
    );
    expect(mail.text).not.toContain(`list_id=${leads}`);
    expect(mail.text).toContain(`<a href="http://app.test/round?list_id=${seed}">Seed round: $500,000 committed`);
    expect(sink.mails.map((m) => m.to)).toEqual([[raising.email.toLowerCase()]]);
  });
});

describe('FOLLOW_UP_DIGEST_HOUR', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const load = (value: string | undefined) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fundscape-digest-'));
    dirs.push(dataDir);
    return loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's', FOLLOW_UP_DIGEST_HOUR: value });
  };

  it('is 8 unless set, and takes a whole hour from 0 to 23', () => {
    expect(load(undefined).followUpDigestHour).toBe(8);
    expect(load('').followUpDigestHour).toBe(8);
    expect(load('0').followUpDigestHour).toBe(0);
    expect(load('23').followUpDigestHour).toBe(23);
  });

  it.each(['24', '-1', '8.5', 'eight', '1e1'])('refuses %j, naming the variable', (value) => {
    expect(() => load(value)).toThrow(/^FOLLOW_UP_DIGEST_HOUR must be a whole hour from 0 to 23/);
  });
});
