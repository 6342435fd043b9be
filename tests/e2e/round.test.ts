// The Round page (issue 48) in headless Chromium against the built app: a founder's round seeded through the API
// (two lists, the first moved through every stage and its history set 30 days back, so three rows are going cold),
// drawn at 1440 and 390 px with each panel's figures as the server computes them, axe clean, no sideways scroll on
// a phone; a tap on a "Going cold" figure or row opens its list showing exactly those rows under a chip that says
// so; and the page, visited once, reloads offline with its figures and the time they were computed.
import { beforeAll, expect, it, type ExpectStatic } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Investor, ListSummary, Tokens } from '../../src/shared/api-types.js';
import type { RoundSummary } from '../../src/shared/round-summary.js';
import { describeE2E, useE2EApp, type E2EApp, type TestUser } from '../helpers/e2e.js';
import { expectNoSeriousViolations } from './axe.js';
import { investorsOf, waitForPersistedQuery, waitForServiceWorker } from './offline-helpers.js';
import { backdateLists, COMMITTED_AMOUNT, fullName, seedRound, TERM_SHEET_AMOUNT, touchNow, type SeededRound } from './round-helpers.js';
import { screenshotFor } from './screenshots.js';

const screenshot = screenshotFor('ROUND_SCREENSHOTS');
/** What the screen shows, not the whole page (the "As of" line at the top, offline). */
const screenshotOfScreen = screenshotFor('ROUND_SCREENSHOTS', { fullPage: false });

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 740 };

const usd = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;
const panel = (page: Page, name: string) => page.getByRole('region', { name });
/** A panel's headline figure, by its term. */
const stat = (region: Locator, term: string) => region.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

interface Founder {
  user: TestUser;
  /** A session for each test and one for the API, logged in one after another (a second login's code replaces the first's). */
  sessions: { wide: Tokens; phone: Tokens; api: Tokens };
  round: SeededRound;
  /** A second list: two investors, the first contacted. */
  angels: ListSummary;
  angelContacted: Investor;
}

/** One founder's round, its first list set 30 days back, then a reply and a meeting logged today. */
async function seedFounder(app: E2EApp): Promise<Founder> {
  const { user, tokens } = await app.signUp({ first_name: 'Rhea', last_name: 'Round' });
  const token = tokens.access_token;
  const round = await seedRound(app, token, 'Seed leads');
  const angels = (await app.callApi('POST', '/lists', { name: 'Angels', description: '', list_type: 'investor' }, token)).body as unknown as ListSummary;
  const [first, second] = await investorsOf(app, token, 2, 2);
  await app.callApi('POST', `/lists/${angels.id}/investors/batch`, { investor_ids: [first.id, second.id] }, token);
  await app.callApi('PATCH', `/lists/${angels.id}/investors/${first.id}`, { stage: 'contacted' }, token);
  await backdateLists(app, [round.list.id], 30);
  const sessions = { wide: await app.loginTokens(user), phone: await app.loginTokens(user), api: await app.loginTokens(user) };
  await touchNow(app, sessions.api.access_token, round);
  return { user, sessions, round, angels, angelContacted: first };
}

async function summaryOf(app: E2EApp, page: Page, founder: Founder, listId: number | null): Promise<RoundSummary> {
  const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const query = `tz=${encodeURIComponent(tz)}${listId === null ? '' : `&list_id=${listId}`}`;
  const res = await app.callApi('GET', `/round/summary?${query}`, undefined, founder.sessions.api.access_token);
  expect(res.status).toBe(200);
  return res.body as unknown as RoundSummary;
}

/** Each panel is drawn with the figures the server computes, the charts with their tables. */
async function expectPanels(page: Page, summary: RoundSummary, founder: Founder, expect: ExpectStatic) {
  const { round } = founder;
  const committed = panel(page, 'Committed against the target');
  await expect.poll(() => stat(committed, 'Target').textContent()).toBe(usd(2_500_000));
  expect(await stat(committed, 'Committed').textContent()).toBe(usd(COMMITTED_AMOUNT));
  expect(await stat(committed, 'At term sheet').textContent()).toBe(usd(TERM_SHEET_AMOUNT));
  expect(await stat(committed, 'Of the target').textContent()).toBe('10%');
  // The chart is drawn (its own chunk), and a screen reader reads its figures week by week.
  await committed.locator('figure .MuiLineChart-area').first().waitFor();
  expect(await committed.getByRole('table').locator('tbody tr').count()).toBe(summary.committed.weeks.length);
  expect(summary.committed.weeks.length).toBeGreaterThanOrEqual(5);

  const funnel = panel(page, 'The funnel');
  const funnelTable = funnel.getByRole('table', { name: 'The funnel: rows that reached each stage' });
  const reached = await funnelTable.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(reached).toEqual(summary.funnel.stages.map((stage) => String(stage.reached)));
  expect(summary.funnel.stages.map((stage) => stage.reached)).toEqual(summary.list_id === null ? [12, 9, 4, 2, 1] : [10, 8, 4, 2, 1]);
  await funnel.locator('figure .MuiBarChart-element').first().waitFor();
  await funnel.getByText('Passed: 2').waitFor();

  const response = panel(page, 'Response');
  expect(summary.response.contacted).toBe(summary.list_id === null ? 9 : 8);
  expect(await stat(response, 'Contacted').textContent()).toBe(String(summary.response.contacted));
  expect(await stat(response, 'Answered').textContent()).toBe(String(summary.response.answered));
  await response.getByRole('table', { name: 'Response by investor type' }).waitFor();

  const cold = panel(page, 'Going cold');
  expect(summary.cold.total).toBe(3);
  expect(summary.overdue.total).toBe(1);
  const coldRows = cold.getByRole('list', { name: 'Going cold, oldest first' }).getByRole('listitem');
  await expect.poll(() => coldRows.count()).toBe(3);
  const coldNames = await coldRows.getByRole('link').allTextContents();
  expect(coldNames.sort()).toEqual([...round.contacted, round.termSheet].map(fullName).sort());
  await cold.getByRole('list', { name: 'Follow-ups overdue' }).getByRole('link', { name: new RegExp(`^${fullName(round.contacted[1])}`) }).waitFor();

  const engaged = panel(page, 'Engaged this week');
  expect(summary.engaged.total).toBe(2);
  const engagedNames = await engaged.getByRole('list', { name: 'Engaged this week' }).getByRole('link').allTextContents();
  expect(engagedNames.sort()).toEqual([round.meeting, round.replied].map(fullName).sort());
}

/** The list page shows exactly `investors` (cards on a phone, the grid's rows on a wide screen), under the chip naming the figure. */
async function expectFilteredList(page: Page, list: ListSummary, chip: string, investors: Investor[], phone: boolean, expect: ExpectStatic) {
  await page.getByRole('button', { name: new RegExp(`^${chip}`) }).waitFor();
  const names = investors.map(fullName).sort();
  if (phone) {
    const headings = page.getByRole('list', { name: list.name }).getByRole('listitem').getByRole('heading', { level: 2 });
    await expect.poll(async () => (await headings.allTextContents()).map((text) => text.trim()).sort(), { timeout: 10_000 }).toEqual(names);
    return;
  }
  const rows = page.locator('[role="row"][data-id]');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(names.length);
  for (const name of names) expect(await page.getByRole('row', { name: new RegExp(name) }).count(), name).toBe(1);
}

describeE2E('round', () => {
  const e2e = useE2EApp();
  let founder: Founder;

  beforeAll(async () => {
    founder = await seedFounder(e2e.app());
  }, 180_000);

  it.concurrent('draws every panel on a wide screen, axe clean; a "Going cold" number opens exactly those rows on the list', async ({ expect }) => {
    const app = e2e.app();
    const { round } = founder;
    const { page } = await app.loggedInPage(`/round?list_id=${round.list.id}`, { user: founder.user, tokens: founder.sessions.wide, context: { viewport: WIDE } });
    await page.getByRole('heading', { level: 1, name: 'Round' }).waitFor();
    await expectPanels(page, await summaryOf(app, page, founder, round.list.id), founder, expect);
    // A grid of panels: the first two side by side.
    const [first, second] = await Promise.all([panel(page, 'Committed against the target').boundingBox(), panel(page, 'The funnel').boundingBox()]);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    expect(second!.y).toBe(first!.y);
    await screenshot(page, 'round-1440');
    await expectNoSeriousViolations(page, 'the Round page at 1440 px', expect);

    // All lists: a number opens its breakdown by list, each a link to that list filtered the same way.
    await page.getByRole('combobox', { name: 'Lists' }).selectOption({ label: 'All your lists' });
    await expect.poll(() => new URL(page.url()).searchParams.get('list_id')).toBeNull();
    const response = panel(page, 'Response');
    await expect.poll(() => stat(response, 'Contacted').textContent()).toBe('9');
    // Counted in one call for all her lists, not one a list.
    const rowsCalls: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/round/rows') rowsCalls.push(url);
    });
    await response.getByRole('button', { name: '9 rows: Contacted, by list' }).click();
    const breakdown = page.getByRole('dialog', { name: 'Contacted, by list' });
    await breakdown.getByRole('link', { name: 'Seed leads' }).waitFor();
    await breakdown.getByText('· 1 row').waitFor();
    expect(rowsCalls.map((url) => [url.searchParams.get('figure'), url.searchParams.get('list_id')])).toEqual([['contacted', null]]);
    await screenshot(page, 'round-breakdown-1440');
    await expectNoSeriousViolations(page, 'a figure by list', expect);
    await breakdown.getByRole('link', { name: 'Angels' }).click();
    await expectFilteredList(page, founder.angels, 'Contacted · 1 row', [founder.angelContacted], false, expect);
    // A figure with no row on the list says so, rather than that the list is empty.
    await page.goto(`/lists/${founder.angels.id}?figure=cold`);
    await page.getByText('No row of this list is behind “Going cold” now. Remove the filter to see every row.').waitFor();
    await page.getByRole('button', { name: /^Going cold · 0 rows/ }).waitFor();

    // One list again: the "Going cold" count opens the list with those three rows, under its chip.
    await page.goto(`/round?list_id=${round.list.id}`);
    await panel(page, 'Going cold').getByRole('link', { name: '3 rows: Going cold' }).click();
    await page.waitForURL(new RegExp(`/lists/${round.list.id}\\?figure=cold$`));
    await expectFilteredList(page, round.list, 'Going cold · 3 rows', [...round.contacted, round.termSheet], false, expect);
    await screenshot(page, 'list-going-cold-1440');
    await expectNoSeriousViolations(page, 'a list filtered by a figure', expect);
    // The chip removes the filter: every row again.
    await page.getByRole('button', { name: /^Going cold · 3 rows/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('figure')).toBeNull();
    await expect.poll(() => page.locator('[role="row"][data-id]').count()).toBe(10);
    // A figure of one investor type opens that type's rows of the list, under a chip naming both.
    await page.goto(`/round?list_id=${round.list.id}`);
    const [group] = (await summaryOf(app, page, founder, round.list.id)).response.by_type;
    const byType = page.getByRole('table', { name: 'Response by investor type' });
    const typeLabel = group.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await byType.getByRole('link', { name: `${group.contacted} ${group.contacted === 1 ? 'row' : 'rows'}: Contacted · ${group.label}` }).click();
    await page.waitForURL((url) => url.pathname === `/lists/${round.list.id}` && url.searchParams.get('type') === group.label);
    await page.getByRole('button', { name: new RegExp(`^Contacted · ${typeLabel} · ${group.contacted} rows?`) }).waitFor();
    await expect.poll(() => page.locator('[role="row"][data-id]').count()).toBe(group.contacted);
    await page.getByRole('button', { name: new RegExp(`^Contacted · ${typeLabel}`) }).click();
    await expect.poll(() => page.locator('[role="row"][data-id]').count()).toBe(10);
    // With a startup profile the grid starts with Fit; the name follows it, then the pipeline's columns.
    expect((await page.locator('[role="columnheader"]').allTextContents()).slice(0, 4)).toEqual(['', 'Fit', 'Investors', 'Stage']);
    await screenshot(page, 'list-1440');

    // A founder with no list yet is told how the page fills.
    const newcomer = await app.loggedInPage('/round', { context: { viewport: WIDE } });
    await newcomer.page.getByRole('heading', { level: 2, name: 'Your round starts with a list' }).waitFor();
    await newcomer.page.getByRole('link', { name: 'Browse investors' }).waitFor();
    await screenshot(newcomer.page, 'round-empty-1440');
    await expectNoSeriousViolations(newcomer.page, 'the Round page of a new founder', expect);
  });

  it.concurrent('stacks the panels on a phone with no sideways scroll, axe clean; a cold row opens its list; readable offline after a visit', async ({ expect }) => {
    const app = e2e.app();
    const { round } = founder;
    const { page, context } = await app.loggedInPage('/round', { user: founder.user, tokens: founder.sessions.phone, context: { viewport: PHONE, isMobile: true, hasTouch: true, serviceWorkers: 'allow' } });
    await waitForServiceWorker(page);
    const summary = await summaryOf(app, page, founder, null);
    await expectPanels(page, summary, founder, expect);
    const [first, second] = await Promise.all([panel(page, 'Committed against the target').boundingBox(), panel(page, 'The funnel').boundingBox()]);
    expect(second!.x).toBe(first!.x);
    expect(second!.y).toBeGreaterThan(first!.y);
    await screenshot(page, 'round-390');
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousViolations(page, 'the Round page at 390 px', expect);
    await page.setViewportSize(NARROW);
    await expect.poll(() => noSidewaysScroll(page)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(page, 'round-360');
    await page.setViewportSize(PHONE);

    // Offline after the visit: a reload shows the same figures and when they were computed.
    await waitForPersistedQuery(page, 'round', 'summary');
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: /^As of \d{2}:\d{2} · offline$/ }).waitFor();
    expect(await stat(panel(page, 'Committed against the target'), 'Committed').textContent()).toBe(usd(COMMITTED_AMOUNT));
    const reached = await panel(page, 'The funnel').getByRole('table').locator('tbody tr td:nth-child(2)').allTextContents();
    expect(reached).toEqual(summary.funnel.stages.map((stage) => String(stage.reached)));
    // The charts too: their chunk is in the service worker's precache.
    await panel(page, 'The funnel').locator('figure .MuiBarChart-element').first().waitFor();
    await panel(page, 'Committed against the target').locator('figure .MuiLineChart-area').first().waitFor();
    await screenshotOfScreen(page, 'round-offline-390');
    await context.setOffline(false);

    // A tap on the oldest row going cold opens its list with the rows going cold, that one among them.
    // The last of them is tapped: the page opens scrolled to its card, outlined.
    const last = panel(page, 'Going cold').getByRole('list', { name: 'Going cold, oldest first' }).getByRole('link').last();
    const name = ((await last.textContent()) ?? '').trim();
    const investor = [...round.contacted, round.termSheet].find((row) => fullName(row) === name)!;
    await last.tap();
    await page.waitForURL(new RegExp(`/lists/${round.list.id}\\?figure=cold&row=${investor.id}$`));
    await expectFilteredList(page, round.list, 'Going cold · 3 rows', [...round.contacted, round.termSheet], true, expect);
    const card = page.locator(`[data-row-key="${investor.id}"] > *`);
    await expect.poll(() => card.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    await expect
      .poll(async () => {
        const box = await card.boundingBox();
        return box !== null && box.y < PHONE.height && box.y + box.height > 0;
      })
      .toBe(true);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'list-going-cold-390');
  });
});
