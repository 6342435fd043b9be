// The Round page's server half (issue 48): GET /api/v1/round/summary and /round/rows on a round seeded through the
// API over four weeks (stages, amounts, touches, a note, a deck view, follow-ups), its every figure checked exactly;
// a shared list's figures for each role; hostile parameters; and the rows behind each figure agreeing with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { deckFiles, deckLinks, decks, deckVersions, deckViews, listMembers, roundListParts, startups } from '../../src/server/db/schema.js';
import { FUNNEL_STAGES, type RoundFigure, type RoundFigureByList, type RoundSummary } from '../../src/shared/round-summary.js';
import { ROUND_FIGURES } from '../../src/server/modules/round/round-rows.js';
import { buildApp } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/client.js';
import { createMailer } from '../../src/server/mail/mailer.js';
import { buildTestApp, testConfig } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { caller, insertFund, insertInvestor, listWith } from '../helpers/pipeline.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import { member, type Member } from '../helpers/teams.js';

/** Wednesday 2 December 2026, noon UTC: the server's now. */
const NOW = new Date('2026-12-02T12:00:00Z');
const iso = (text: string) => new Date(`2026-${text}Z`);

describe.each(testDatabases())('the Round page on $name', (kind) => {
  let app: FastifyInstance;
  let database: Database;
  let close: () => Promise<void>;
  let ada: Member;
  let editor: Member;
  let viewer: Member;
  let stranger: Member;
  const id: Record<string, number> = {};
  let now = NOW;

  /** Runs a change, then dates what it wrote (activity, touches, notes) at `when`, as if it had happened then. */
  async function on(when: Date, change: () => Promise<{ statusCode: number; body: string }>) {
    const before = await app.db.execute(sql`SELECT
      (SELECT coalesce(max(id), 0) FROM list_activity) AS activity,
      (SELECT coalesce(max(id), 0) FROM row_touches) AS touches,
      (SELECT coalesce(max(id), 0) FROM pipeline_notes) AS notes`);
    const { activity, touches, notes } = (before as unknown as { rows: Array<Record<string, number>> }).rows[0];
    const res = await change();
    expect(res.statusCode, res.body).toBeLessThan(300);
    const at = when.toISOString();
    await app.db.execute(sql`UPDATE list_activity SET created_at = ${at} WHERE id > ${activity}`);
    await app.db.execute(sql`UPDATE row_touches SET happened_at = ${at} WHERE id > ${touches}`);
    await app.db.execute(sql`UPDATE pipeline_notes SET created_at = ${at} WHERE id > ${notes}`);
  }

  const stage = (list: number, investor: number, to: string) => () => ada.call('PATCH', `/lists/${list}/investors/${investor}`, { stage: to });
  const amount = (list: number, investor: number, to: number) => () => ada.call('PATCH', `/lists/${list}/investors/${investor}`, { amount: to });
  const touch = (list: number, investor: number, kind: string) => () =>
    ada.call('POST', `/lists/${list}/investors/${investor}/touches`, { kind, body: `${kind} logged` });

  beforeAll(async () => {
    ({ app, database, close } = await buildTestApp(kind, { clock: () => now }));
    [ada, editor, viewer, stranger] = [await member(app), await member(app), await member(app), await member(app)];
    // Touches set no follow-up of their own here: the follow-ups are the ones set below.
    await app.db.execute(sql`UPDATE users SET touch_follow_up_days = NULL WHERE id = ${ada.id}`);
    await app.db.insert(startups).values({ user_id: ada.id, ...SAMPLE_STARTUP, changed_at: NOW });

    const [ana, ben, cy, di, fay] = [
      await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital'),
      await insertInvestor(app, 'Ben', 'Abbot', 'Abbot VC'),
      await insertInvestor(app, 'Cy', 'Reed', 'Reed Partners'),
      await insertInvestor(app, 'Di', 'Vale', 'Vale Ventures'),
      await insertInvestor(app, 'Fay', 'Moss', 'Moss & Co'),
    ];
    await app.db.execute(sql`UPDATE investors SET type_of_firm = 'NaN' WHERE id = ${fay}`);
    const eve = (
      await ada.call('POST', '/investors', { first_name: 'Eve', last_name: 'Park', firm_name: 'Park Studio', type_of_firm: 'Startup Studio' })
    ).json().id as number;
    Object.assign(id, { ana, ben, cy, di, fay, eve });

    const seed = await listWith(ada.call, 'investor', [ana, ben, cy, di, eve], 'Seed round');
    const angels = await listWith(ada.call, 'investor', [ana, fay], 'Angels');
    const northwind = await insertFund(app, 'Northwind Partners');
    const funds = await listWith(ada.call, 'fund', [northwind], 'Funds');
    Object.assign(id, { seed, angels, funds });
    await app.db.execute(sql`UPDATE list_investors SET added_at = ${iso('11-10T10:00:00').toISOString()} WHERE list_id = ${seed}`);
    await app.db.execute(sql`UPDATE list_investors SET added_at = ${iso('11-16T10:00:00').toISOString()} WHERE list_id = ${angels}`);
    await ada.call('PATCH', `/lists/${funds}/funds/${northwind}`, { stage: 'committed', amount: 9_000_000 });

    // Ana on the seed list: written to, answered two days later, met, a term sheet for 500k, committed.
    await on(iso('11-11T10:00:00'), touch(seed, ana, 'email_sent'));
    await on(iso('11-13T10:00:00'), touch(seed, ana, 'email_received'));
    await on(iso('11-18T10:00:00'), stage(seed, ana, 'meeting'));
    await on(iso('11-25T10:00:00'), stage(seed, ana, 'term_sheet'));
    await on(iso('11-25T11:00:00'), amount(seed, ana, 500_000));
    await on(iso('12-01T10:00:00'), stage(seed, ana, 'committed'));
    // Ben: written to, then passed.
    await on(iso('11-12T10:00:00'), touch(seed, ben, 'email_sent'));
    await on(iso('11-20T10:00:00'), stage(seed, ben, 'passed'));
    // Cy: contacted, met four days later, 250k noted, then a term sheet late on Sunday 22 November (UTC), which is
    // Monday 23 November in Berlin; a follow-up overdue since 30 November.
    await on(iso('11-12T10:00:00'), stage(seed, cy, 'contacted'));
    await on(iso('11-16T10:00:00'), stage(seed, cy, 'meeting'));
    await on(iso('11-17T11:00:00'), amount(seed, cy, 250_000));
    await on(iso('11-17T12:00:00'), () => ada.call('POST', `/lists/${seed}/investors/${cy}/notes`, { body: 'Wants the data room' }));
    await on(iso('11-22T23:30:00'), stage(seed, cy, 'term_sheet'));
    await ada.call('PATCH', `/lists/${seed}/investors/${cy}`, { follow_up_on: '2026-11-30' });
    // Di: a lead, her follow-up today (overdue only where today is already 3 December).
    await ada.call('PATCH', `/lists/${seed}/investors/${di}`, { follow_up_on: '2026-12-02' });
    // Eve (a private contact): written to, answered six days later, read the deck for 90 s this week.
    await on(iso('11-24T09:00:00'), touch(seed, eve, 'email_sent'));
    await on(iso('11-30T09:00:00'), touch(seed, eve, 'email_received'));
    // Ana on the angels' list: written to on the day added, then nothing (going cold).
    await on(iso('11-16T10:00:00'), touch(angels, ana, 'email_sent'));
    // Fay: a meeting straight from Lead, 100k at Meeting, a meeting logged this week.
    await on(iso('11-21T10:00:00'), stage(angels, fay, 'meeting'));
    await on(iso('11-21T11:00:00'), amount(angels, fay, 100_000));
    await on(iso('11-28T10:00:00'), touch(angels, fay, 'meeting'));
    // The rows' last contact and answer as their touches now say (they were logged at the real time).
    await app.db.execute(sql`UPDATE list_investors li SET
      last_contacted_at = (SELECT max(happened_at) FROM row_touches t WHERE t.list_id = li.list_id AND t.investor_id = li.investor_id),
      answered_at = (SELECT max(happened_at) FROM row_touches t WHERE t.list_id = li.list_id AND t.investor_id = li.investor_id AND t.kind = 'email_received')`);

    const [deck] = await app.db.insert(decks).values({ user_id: ada.id, name: 'Seed deck' }).returning();
    const [file] = await app.db.insert(deckFiles).values({ bytes: 1 }).returning();
    const [version] = await app.db
      .insert(deckVersions)
      .values({ deck_id: deck.id, version: 1, file_name: 'deck.pdf', bytes: 1, page_count: 3, sha256: 'x', file_id: file.id })
      .returning();
    const [link] = await app.db.insert(deckLinks).values({ deck_id: deck.id, token: 'round-test', list_id: seed, investor_id: eve }).returning();
    await app.db.insert(deckViews).values({
      link_id: link.id,
      version_id: version.id,
      key_hash: 'h',
      started_at: iso('12-01T10:00:00'),
      last_read_at: iso('12-01T10:01:30'),
      counted_ms: 90_000,
    });

    for (const [who, role] of [[editor, 'editor'], [viewer, 'viewer']] as const) {
      await app.db.insert(listMembers).values({ list_id: seed, user_id: who.id, role });
    }
  });
  afterAll(async () => close());

  async function summary(who: Member, query = ''): Promise<RoundSummary> {
    const res = await who.call('GET', `/round/summary${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RoundSummary;
  }

  const ref = (list: 'seed' | 'angels', investor: string, name: string, firm: string, stage: string) => ({
    list_id: id[list],
    list_name: list === 'seed' ? 'Seed round' : 'Angels',
    investor_id: id[investor],
    name,
    firm,
    stage,
  });

  it("sums every investor list the founder owns, each figure as the rules count it", async () => {
    const round = await summary(ada);
    expect(round).toEqual({
      list_id: null,
      computed_at: NOW.toISOString(),
      cold_days: 14,
      tz: 'UTC',
      rows: 7,
      committed: {
        target: SAMPLE_STARTUP.raise_amount,
        term_sheet: 250_000,
        committed: 500_000,
        term_sheet_rows: 1,
        committed_rows: 1,
        weeks: [
          { week: '2026-11-09', term_sheet: 0, committed: 0 },
          { week: '2026-11-16', term_sheet: 250_000, committed: 0 },
          { week: '2026-11-23', term_sheet: 750_000, committed: 0 },
          { week: '2026-11-30', term_sheet: 250_000, committed: 500_000 },
        ],
      },
      funnel: {
        stages: [
          { stage: 'lead', reached: 7, conversion: 6 / 7 },
          { stage: 'contacted', reached: 6, conversion: 3 / 6 },
          { stage: 'meeting', reached: 3, conversion: 2 / 3 },
          { stage: 'term_sheet', reached: 2, conversion: 1 / 2 },
          { stage: 'committed', reached: 1, conversion: null },
        ],
        passed: [
          { stage: 'lead', count: 0 },
          { stage: 'contacted', count: 1 },
          { stage: 'meeting', count: 0 },
          { stage: 'term_sheet', count: 0 },
          { stage: 'committed', count: 0 },
        ],
      },
      response: {
        contacted: 6,
        answered: 4,
        // Fay 0 days, Ana 2, Cy 4, Eve 6: the lower middle.
        median_days: 2,
        by_list: [
          { list_id: id.seed, label: 'Seed round', contacted: 4, answered: 3, median_days: 4 },
          { list_id: id.angels, label: 'Angels', contacted: 2, answered: 1, median_days: 0 },
        ],
        by_type: [
          { list_id: null, label: 'Venture Capital Fund', contacted: 4, answered: 2, median_days: 2 },
          { list_id: null, label: '-', contacted: 1, answered: 1, median_days: 0 },
          { list_id: null, label: 'Startup Studio', contacted: 1, answered: 1, median_days: 6 },
        ],
      },
      cold: {
        total: 1,
        rows: [{ ...ref('angels', 'ana', 'Ana Stone', 'Stone Capital', 'contacted'), last_touch_at: '2026-11-16T10:00:00.000Z', days: 16 }],
      },
      overdue: {
        total: 1,
        rows: [{ ...ref('seed', 'cy', 'Cy Reed', 'Reed Partners', 'term_sheet'), follow_up_on: '2026-11-30', days: 2 }],
      },
      engaged: {
        total: 2,
        rows: [
          { ...ref('seed', 'eve', 'Eve Park', 'Park Studio', 'contacted'), deck_ms: 90_000, replies: 1, meetings: 0 },
          { ...ref('angels', 'fay', 'Fay Moss', 'Moss & Co', 'meeting'), deck_ms: 0, replies: 0, meetings: 1 },
        ],
      },
    });
  });

  it("counts weeks from Monday and today in the founder's time zone, and going cold from cold_days", async () => {
    const berlin = await summary(ada, '?tz=Europe/Berlin&cold_days=9');
    expect(berlin.tz).toBe('Europe/Berlin');
    expect(berlin.committed.weeks).toEqual([
      { week: '2026-11-09', term_sheet: 0, committed: 0 },
      { week: '2026-11-16', term_sheet: 0, committed: 0 },
      { week: '2026-11-23', term_sheet: 750_000, committed: 0 },
      { week: '2026-11-30', term_sheet: 250_000, committed: 500_000 },
    ]);
    expect(berlin.cold.total).toBe(2);
    expect(berlin.cold.rows.map((row) => [row.investor_id, row.days])).toEqual([
      [id.ana, 16],
      [id.cy, 9],
    ]);
    const kiritimati = await summary(ada, '?tz=Pacific/Kiritimati');
    expect(kiritimati.overdue.rows.map((row) => [row.investor_id, row.follow_up_on, row.days])).toEqual([
      [id.cy, '2026-11-30', 3],
      [id.di, '2026-12-02', 1],
    ]);
  });

  it("shows a shared list's figures, the same, to its owner, editor and viewer, and a 404 to anyone else", async () => {
    const query = `?list_id=${id.seed}`;
    const owners = await summary(ada, query);
    expect(owners.list_id).toBe(id.seed);
    expect(owners.rows).toBe(5);
    expect(owners.committed).toMatchObject({ target: SAMPLE_STARTUP.raise_amount, term_sheet: 250_000, committed: 500_000 });
    expect(owners.funnel.stages.map((s) => s.reached)).toEqual([5, 4, 2, 2, 1]);
    expect(owners.response.by_list).toEqual([{ list_id: id.seed, label: 'Seed round', contacted: 4, answered: 3, median_days: 4 }]);
    expect(await summary(editor, query)).toEqual(owners);
    expect(await summary(viewer, query)).toEqual(owners);
    // Their own Round page sums their own lists: none.
    expect((await summary(editor)).rows).toBe(0);

    for (const [who, url] of [
      [stranger, `/round/summary${query}`],
      [stranger, `/round/rows?list_id=${id.seed}&figure=contacted`],
      [ada, '/round/summary?list_id=2147483647'],
    ] as const) {
      const res = await who.call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'List not found' });
    }
    const fund = await ada.call('GET', `/round/summary?list_id=${id.funds}`);
    expect(fund.statusCode).toBe(422);
    expect(fund.json().detail).toMatch(/fund list/);
  });

  it('answers the rows behind each figure, as many as the summary counts', async () => {
    const rowsOf = async (who: Member, figure: RoundFigure, extra = '') => {
      const res = await who.call('GET', `/round/rows?list_id=${id.seed}&figure=${figure}${extra}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { list_id: number; figure: string; investor_ids: number[] };
      expect(body).toMatchObject({ list_id: id.seed, figure });
      return body.investor_ids;
    };
    const sorted = (...names: string[]) => names.map((name) => id[name]).sort((a, b) => a - b);
    expect(await rowsOf(viewer, 'reached:meeting')).toEqual(sorted('ana', 'cy'));
    expect(await rowsOf(viewer, 'passed:contacted')).toEqual([id.ben]);
    expect(await rowsOf(editor, 'contacted')).toEqual(sorted('ana', 'ben', 'cy', 'eve'));
    expect(await rowsOf(ada, 'answered')).toEqual(sorted('ana', 'cy', 'eve'));
    expect(await rowsOf(ada, 'cold')).toEqual([]);
    expect(await rowsOf(ada, 'cold', '&cold_days=9')).toEqual([id.cy]);
    expect(await rowsOf(ada, 'overdue')).toEqual([id.cy]);
    expect(await rowsOf(ada, 'overdue', '&tz=Pacific/Kiritimati')).toEqual([id.cy, id.di]);
    expect(await rowsOf(ada, 'engaged')).toEqual([id.eve]);

    for (const extra of ['', '&cold_days=9&tz=Pacific/Kiritimati']) {
      const round = await summary(viewer, `?list_id=${id.seed}${extra}`);
      const counts: Array<[RoundFigure, number]> = [
        ...round.funnel.stages.map((s): [RoundFigure, number] => [`reached:${s.stage}`, s.reached]),
        ...round.funnel.passed.map((p): [RoundFigure, number] => [`passed:${p.stage}`, p.count]),
        ['at:term_sheet', round.committed.term_sheet_rows],
        ['at:committed', round.committed.committed_rows],
        ['contacted', round.response.contacted],
        ['answered', round.response.answered],
        ['cold', round.cold.total],
        ['overdue', round.overdue.total],
        ['engaged', round.engaged.total],
      ];
      expect(counts).toHaveLength(2 * FUNNEL_STAGES.length + 7);
      for (const [figure, count] of counts) expect([figure, (await rowsOf(viewer, figure, extra)).length]).toEqual([figure, count]);
    }
  });

  it('answers the rows of one investor type behind a figure, adding up over her lists to the group by type', async () => {
    const rowsOf = async (list: number, figure: RoundFigure, type: string) => {
      const res = await ada.call('GET', `/round/rows?list_id=${list}&figure=${figure}&type=${encodeURIComponent(type)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ list_id: list, figure, type });
      return (res.json() as { investor_ids: number[] }).investor_ids;
    };
    expect(await rowsOf(id.seed, 'contacted', 'Venture Capital Fund')).toEqual([id.ana, id.ben, id.cy].sort((a, b) => a - b));
    expect(await rowsOf(id.seed, 'answered', 'Startup Studio')).toEqual([id.eve]);
    expect(await rowsOf(id.angels, 'answered', '-')).toEqual([id.fay]);
    expect(await rowsOf(id.seed, 'contacted', 'Angel Network')).toEqual([]);
    const untyped = await ada.call('GET', `/round/rows?list_id=${id.seed}&figure=contacted`);
    expect(untyped.json().type).toBeNull();

    const round = await summary(ada, '');
    for (const group of round.response.by_type) {
      for (const figure of ['contacted', 'answered'] as const) {
        const byList = await Promise.all([id.seed, id.angels].map((list) => rowsOf(list, figure, group.label)));
        expect([group.label, figure, byList.flat().length]).toEqual([group.label, figure, group[figure]]);
      }
    }
  });

  it("answers how many rows of each of her lists are behind a figure of all her lists, in one call, as each list's rows", async () => {
    const byListOf = async (who: Member, figure: RoundFigure, extra = '') => {
      const res = await who.call('GET', `/round/rows?figure=${figure}${extra}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as RoundFigureByList;
      expect(body).toMatchObject({ list_id: null, figure, type: null });
      expect(body).not.toHaveProperty('investor_ids');
      return body.by_list;
    };
    const rowsOf = async (list: number, figure: RoundFigure, extra: string) =>
      ((await ada.call('GET', `/round/rows?list_id=${list}&figure=${figure}${extra}`)).json() as { investor_ids: number[] }).investor_ids;
    // Her own investor lists, in id order, zeros included: not the fund list, not a list shared with her.
    expect(await byListOf(ada, 'passed:contacted')).toEqual([
      { list_id: id.seed, list_name: 'Seed round', count: 1 },
      { list_id: id.angels, list_name: 'Angels', count: 0 },
    ]);
    expect(await byListOf(editor, 'contacted')).toEqual([]);
    expect(await byListOf(stranger, 'contacted')).toEqual([]);
    for (const extra of ['', '&cold_days=9&tz=Pacific/Kiritimati']) {
      for (const figure of ROUND_FIGURES) {
        const byList = await byListOf(ada, figure, extra);
        const each = await Promise.all([id.seed, id.angels].map(async (list) => (await rowsOf(list, figure, extra)).length));
        expect([figure, extra, byList.map((list) => list.count)]).toEqual([figure, extra, each]);
      }
    }
    // Of one investor type: adding up to the Response panel's group.
    const round = await summary(ada, '');
    for (const group of round.response.by_type) {
      const type = `&type=${encodeURIComponent(group.label)}`;
      for (const figure of ['contacted', 'answered'] as const) {
        const res = await ada.call('GET', `/round/rows?figure=${figure}${type}`);
        expect(res.json()).toMatchObject({ list_id: null, figure, type: group.label });
        const counted = (res.json() as RoundFigureByList).by_list.reduce((sum, list) => sum + list.count, 0);
        expect([group.label, figure, counted]).toEqual([group.label, figure, group[figure]]);
      }
    }
  });

  it('refuses hostile parameters with a 4xx naming them, never a 5xx', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/round/summary?tz=Mars/Olympus', /tz/],
      ['/round/summary?tz=', /tz/],
      [`/round/summary?tz=${'A'.repeat(65)}`, /tz/],
      ['/round/summary?cold_days=0', /cold_days/],
      ['/round/summary?cold_days=999', /cold_days/],
      ['/round/summary?cold_days=NaN', /cold_days/],
      ['/round/summary?cold_days=1.5', /cold_days/],
      ['/round/summary?list_id=junk', /list_id/],
      ['/round/summary?list_id=-1', /list_id/],
      ['/round/summary?list_id=99999999999', /list_id/],
      ['/round/summary?list_id=1&list_id=2', /list_id/],
      ['/round/summary?nonsense=1', /nonsense|additional/],
      [`/round/rows?list_id=${id.seed}&figure=reached:passed`, /figure/],
      [`/round/rows?list_id=${id.seed}&figure=everything`, /figure/],
      [`/round/rows?list_id=${id.seed}`, /figure/],
      ['/round/rows?figure=everything', /figure/],
      ['/round/rows?figure=cold&tz=Nowhere', /tz/],
      ['/round/rows?figure=cold&cold_days=0', /cold_days/],
      ['/round/rows?figure=contacted&type=', /type/],
      ['/round/rows?figure=cold&list_id=', /list_id/],
      [`/round/rows?list_id=${id.seed}&figure=cold&tz=Nowhere`, /tz/],
      [`/round/rows?list_id=${id.seed}&figure=contacted&type=`, /type/],
      [`/round/rows?list_id=${id.seed}&figure=contacted&type=${'T'.repeat(201)}`, /type/],
      [`/round/rows?list_id=${id.seed}&figure=contacted&type=a%00b`, /type/],
    ];
    for (const [url, detail] of cases) {
      const res = await ada.call('GET', url);
      expect([url, res.statusCode]).toEqual([url, 422]);
      expect(res.json().detail).toMatch(detail);
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/round/summary' })).statusCode).toBe(401);
  });

  it('answers a founder with no lists an empty round', async () => {
    const round = await summary(stranger);
    expect(round).toMatchObject({
      rows: 0,
      committed: { target: null, term_sheet: 0, committed: 0, weeks: [] },
      response: { contacted: 0, answered: 0, median_days: null, by_list: [], by_type: [] },
      cold: { total: 0, rows: [] },
    });
    expect(round.funnel.stages.every((s) => s.reached === 0 && s.conversion === null)).toBe(true);
  });

  it("counts an investor on several of her lists once, as the sidebar's round does: her furthest row with an amount, the latest changed", async () => {
    const bo = await member(app);
    const [xan, yul, zed] = [
      await insertInvestor(app, 'Xan', 'One', 'One VC'),
      await insertInvestor(app, 'Yul', 'Two', 'Two VC'),
      await insertInvestor(app, 'Zed', 'Three', 'Three VC'),
    ];
    const a = await listWith(bo.call, 'investor', [xan, yul, zed], 'A');
    const b = await listWith(bo.call, 'investor', [xan, yul, zed], 'B');
    const changedAt = (minute: number) => new Date(NOW.getTime() - 86_400_000 + minute * 60_000).toISOString();
    const patch = async (list: number, investor: number, body: Record<string, unknown>, minute: number) =>
      expect((await bo.call('PATCH', `/lists/${list}/investors/${investor}`, { ...body, changed_at: changedAt(minute) })).statusCode).toBe(200);
    // Xan committed 500k on A, then 600k on B: one commitment, of 600k.
    await patch(a, xan, { stage: 'committed', amount: 500_000 }, 1);
    await patch(b, xan, { stage: 'committed', amount: 600_000 }, 2);
    // Yul committed 300k on B, then a term sheet of 200k on A: committed, and not at term sheet as well.
    await patch(b, yul, { stage: 'committed', amount: 300_000 }, 3);
    await patch(a, yul, { stage: 'term_sheet', amount: 200_000 }, 4);
    // Zed at term sheet for 100k on A, then contacted on B (no amount): still at term sheet.
    await patch(a, zed, { stage: 'term_sheet', amount: 100_000 }, 5);
    await patch(b, zed, { stage: 'contacted' }, 6);

    const sidebar = (await bo.call('GET', '/round')).json() as { committed: number; term_sheet: number };
    expect({ committed: sidebar.committed, term_sheet: sidebar.term_sheet }).toEqual({ committed: 900_000, term_sheet: 100_000 });
    const round = await summary(bo);
    // The amounts count each investor once; the rows behind them are each list's rows.
    expect(round.committed).toMatchObject({ committed: 900_000, term_sheet: 100_000, committed_rows: 3, term_sheet_rows: 2 });
    expect(round.committed.weeks.at(-1)).toMatchObject({ committed: 900_000, term_sheet: 100_000 });
    expect(round).toEqual(await fromNothing(bo, ''));
    // One list alone sums its own rows.
    expect((await summary(bo, `?list_id=${a}`)).committed).toMatchObject({ committed: 500_000, term_sheet: 300_000 });
  });

  it('counts a change at once, and what the clock moves (a deck read, going cold) within a minute', async () => {
    const before = await summary(ada);
    expect((await ada.call('PATCH', `/lists/${id.seed}/investors/${id.cy}`, { amount: 300_000 })).statusCode).toBe(200);
    expect((await summary(ada)).committed.term_sheet).toBe(300_000);
    expect((await ada.call('PATCH', `/lists/${id.seed}/investors/${id.cy}`, { amount: 250_000 })).statusCode).toBe(200);
    expect((await summary(ada)).committed.term_sheet).toBe(250_000);

    // A reader's time, counted by beacons, writes no list event each time: a summary of the same minute stands.
    await app.db.execute(sql`UPDATE deck_views SET counted_ms = counted_ms + 60000`);
    expect((await summary(ada)).engaged.rows[0].deck_ms).toBe(90_000);
    now = new Date(NOW.getTime() + 60_000);
    const later = await summary(ada);
    expect(later.computed_at).toBe(now.toISOString());
    expect(later.engaged.rows[0].deck_ms).toBe(150_000);
    expect(later.cold).toEqual(before.cold);
  });
  /** The other instances open. */
  const others = new Set<FastifyInstance>();

  /** Another instance on the same database. */
  async function instance(): Promise<FastifyInstance> {
    const config = testConfig();
    const other = await buildApp({ database, config, mailer: createMailer({ from: config.mailFrom, log: () => {} }), clock: () => now });
    others.add(other);
    other.addHook('onClose', async () => others.delete(other));
    await other.ready();
    return other;
  }

  /** What an instance that has kept nothing answers, with nothing stored: the figures counted from nothing. */
  async function fromNothing(who: Member, query: string): Promise<RoundSummary> {
    // Once the parts the calls before counted are stored (after their answers), or one would land after this.
    await Promise.all([app, ...others].map((each) => each.roundParts.storeCounted(each.db)));
    await app.db.delete(roundListParts);
    const other = await instance();
    try {
      const res = await caller(other, who.headers)('GET', `/round/summary${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as RoundSummary;
    } finally {
      await other.close();
    }
  }

  /** All her lists and one, in three zones and with two cold rules. */
  const queries = () => ['', '?tz=Europe/Berlin&cold_days=9', `?list_id=${id.angels}&tz=Pacific/Kiritimati`];

  it("sums each list's kept part with the lists counted anew: after a change on either instance, as counted from nothing", async () => {
    for (const query of queries()) await summary(ada, query);
    const other = await instance();
    const there = caller(other, ada.headers);
    try {
      const changes: Array<[string, () => Promise<{ statusCode: number }>]> = [
        ['a stage here', () => ada.call('PATCH', `/lists/${id.angels}/investors/${id.ana}`, { stage: 'meeting' })],
        ['a reply there', () => there('POST', `/lists/${id.seed}/investors/${id.di}/touches`, { kind: 'email_received', body: 'Yes' })],
        ['a follow-up there', () => there('PATCH', `/lists/${id.angels}/investors/${id.fay}`, { follow_up_on: '2026-11-20' })],
        ['an amount here', () => ada.call('PATCH', `/lists/${id.seed}/investors/${id.ana}`, { amount: 600_000 })],
      ];
      for (const [change, run] of changes) {
        expect([change, (await run()).statusCode < 300]).toEqual([change, true]);
        for (const query of queries()) {
          const counted = await summary(ada, query);
          expect([change, query, counted]).toEqual([change, query, await fromNothing(ada, query)]);
          // The other instance, which kept the parts it counted before the change, answers the same.
          expect([change, query, (await there('GET', `/round/summary${query}`)).json()]).toEqual([change, query, counted]);
        }
      }
    } finally {
      await other.close();
    }
  });

  it('sums, on an instance that starts, the parts another stored, at the versions they were counted at only', async () => {
    // Counted from nothing by an instance, which stores every part.
    const before = await fromNothing(ada, '');
    // Stored with 1,000 more rows than counted: an instance that reads it (and counts nothing) says so.
    await app.db.execute(sql`UPDATE round_list_parts
      SET part = jsonb_set(part::jsonb, '{rows}', to_jsonb((part::jsonb ->> 'rows')::int + 1000))::text
      WHERE list_id = ${id.seed}`);
    const started = await instance();
    const there = caller(started, ada.headers);
    try {
      expect((await there('GET', '/round/summary')).json().rows).toBe(before.rows + 1000);
      // A change to the list: its stored part stands no more (asked there first, before this instance stores anew).
      expect((await ada.call('PATCH', `/lists/${id.seed}/investors/${id.cy}`, { amount: 310_000 })).statusCode).toBe(200);
      const counted = (await there('GET', '/round/summary')).json() as RoundSummary;
      expect(await summary(ada)).toEqual(counted);
      expect(counted).toEqual(await fromNothing(ada, ''));
    } finally {
      await started.close();
    }
  });

  it('cuts what moves with the clock from the kept parts as from nothing: hours, days, a week on, and the clock set back', async () => {
    for (const query of queries()) await summary(ada, query);
    const start = now;
    // 71 h on, Fay's meeting of 28 November has left the week; 8 days on, every entry has.
    for (const hours of [1, 50, 71, 8 * 24, -24]) {
      now = new Date(start.getTime() + hours * 3_600_000);
      for (const query of queries()) {
        const counted = await summary(ada, query);
        expect(counted.computed_at).toBe(now.toISOString());
        expect([hours, query, counted]).toEqual([hours, query, await fromNothing(ada, query)]);
      }
    }
    now = start;
  });

  /** The list's events swept, as a week on the sweep of list_events does (the newest of all is kept, here none). */
  const sweepEventsOf = (listId: number) => app.db.execute(sql`DELETE FROM list_events WHERE list_id = ${listId}`);

  it("serves a list's stored part a week on and later while the list has not changed, its events swept meanwhile", async () => {
    const start = now;
    // Counted from nothing and stored, then tampered with: an instance that reads it (and counts nothing) says so.
    const before = await fromNothing(ada, '');
    await app.db.execute(sql`UPDATE round_list_parts
      SET part = jsonb_set(part::jsonb, '{rows}', to_jsonb((part::jsonb ->> 'rows')::int + 1000))::text
      WHERE list_id = ${id.seed}`);
    await sweepEventsOf(id.seed);
    try {
      for (const days of [8, 29]) {
        now = new Date(start.getTime() + days * 86_400_000);
        const started = await instance();
        try {
          const round = (await caller(started, ada.headers)('GET', '/round/summary')).json() as RoundSummary;
          expect([days, round.rows]).toEqual([days, before.rows + 1000]);
        } finally {
          await started.close();
        }
      }
    } finally {
      now = start;
    }
  });

  it('never serves a part of a list changed since, whatever of its events were swept before and after the change', async () => {
    // Every event of the list swept before it is counted, and again after a change that no summary counted.
    await sweepEventsOf(id.seed);
    await fromNothing(ada, '');
    const kept = await instance();
    try {
      // This instance keeps the parts in memory; the other reads the stored ones.
      await caller(kept, ada.headers)('GET', '/round/summary');
      expect((await ada.call('PATCH', `/lists/${id.seed}/investors/${id.cy}`, { amount: 320_000 })).statusCode).toBe(200);
      await sweepEventsOf(id.seed);
      now = new Date(now.getTime() + 3_600_000);
      const started = await instance();
      try {
        const there = (await caller(started, ada.headers)('GET', '/round/summary')).json() as RoundSummary;
        expect(there.committed.term_sheet).toBe(320_000);
        expect((await caller(kept, ada.headers)('GET', '/round/summary')).json()).toEqual(there);
        expect(await summary(ada)).toEqual(there);
        expect(there).toEqual(await fromNothing(ada, ''));
      } finally {
        await started.close();
      }
    } finally {
      await kept.close();
    }
  });
});
