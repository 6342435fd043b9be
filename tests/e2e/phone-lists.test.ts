// A list's page, follow-ups and a saved search's new rows on a phone (390×844, touch), in headless Chromium
// against the built app: rows are cards and the grid's code is never asked for; a stage changed from a card,
// cards removed through the selection bar (and put back with Undo, offline: pending, then landed once), the
// selected rows exported; a tap opens the row's page; widened to 1280 the grid shows with the same search,
// and back on a phone the page and selection are as they were.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Investor, ListSummary } from '../../src/shared/api-types.js';
import type { SavedSearch } from '../../src/shared/saved-searches.js';
import { describeE2E, useE2EApp, type E2EApp } from '../helpers/e2e.js';
import { expectNoSeriousViolations } from './axe.js';
import { countStoredRows, investorsOf, waitForServiceWorker } from './offline-helpers.js';
import { PHONE, phoneScreenshot } from './phone-helpers.js';
import { dayFromToday, fullName, patchRow, serverPipeline, type PipelineSetup } from './pipeline-helpers.js';

const run = promisify(execFile);

/** Every request for the grid's chunk from now on. */
function gridChunkRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => {
    // The service worker precaches every chunk for offline use; the page itself must not ask for this one.
    if (!request.serviceWorker() && /\/data-grid-[^/]*\.js$/.test(new URL(request.url()).pathname)) urls.push(request.url());
  });
  return urls;
}

/** A logged-in phone at /follow-ups, and an investor list holding the first `count` investors of the catalogue. */
async function phoneSetUp(app: E2EApp, listName: string, count: number, { offline = false } = {}): Promise<PipelineSetup> {
  const { page, context, tokens } = await app.loggedInPage('/follow-ups', { context: offline ? { ...PHONE, serviceWorkers: 'allow' } : PHONE });
  const created = await app.callApi('POST', '/lists', { name: listName, description: '', list_type: 'investor' }, tokens.access_token);
  expect(created.status).toBe(201);
  const list = created.body as unknown as ListSummary;
  const investors = [...(await investorsOf(app, tokens.access_token, 15)), ...(await investorsOf(app, tokens.access_token, 15, 2))].slice(0, count);
  const added = await app.callApi('POST', `/lists/${list.id}/investors/batch`, { investor_ids: investors.map((i) => i.id) }, tokens.access_token);
  expect(added.status).toBeLessThan(300);
  return { page, context, accessToken: tokens.access_token, list, investors };
}

const cards = (page: Page, listName: string) => page.getByRole('list', { name: listName }).getByRole('listitem');
const card = (page: Page, investor: Investor) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: fullName(investor) }) });
/** A tap on a card's lower left corner, away from its controls: the heading link covers the card. */
async function tapCardCorner(target: Locator) {
  const box = (await target.boundingBox())!;
  await target.tap({ position: { x: 8, y: box.height - 6 } });
}
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function serverIds(app: E2EApp, setup: PipelineSetup): Promise<number[]> {
  const res = await app.callApi('GET', `/lists/${setup.list.id}/items`, undefined, setup.accessToken);
  expect(res.status).toBe(200);
  return (res.body as unknown as Investor[]).map((item) => item.id).sort((a, b) => a - b);
}

const CSV_HEADER =
  'id,first_name,last_name,contact_title,email,gender,phone,firm_name,type_of_firm,office_website,capital_managed,min_investment,max_investment,number_of_investors,type_of_financing,geographic_preferences,stage_preferences,industry_preferences,city,state,country';

/** Imports one investor with `npm run import`, the server stopped meanwhile (PGlite: one process on a DATA_DIR). */
async function importInvestor(app: E2EApp, lastName: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'fundscape-import-'));
  const file = path.join(folder, 'investors.csv');
  writeFileSync(
    file,
    `${CSV_HEADER}\n,Quillon,${lastName},Partner,quillon@${lastName.toLowerCase()}.example,Female,NaN,${lastName} Capital,Venture Capital Fund,NaN,90000000,250000,2000000,5,"[""Equity""]","[""Europe""]","[""Seed""]","[""Software""]",Oslo,NaN,Norway\n`,
  );
  try {
    await app.whileServerStopped(async (env) => {
      const { stdout } = await run('npm', ['run', 'import', '--', 'investors', file], { cwd: process.cwd(), env });
      expect(stdout).toContain('1 inserted');
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describeE2E('lists on a phone', () => {
  const e2e = useE2EApp();

  it('shows a list as cards without the grid, changes a stage from a card, and keeps search, page and selection across the breakpoint', async () => {
    const app = e2e.app();
    const setup = await phoneSetUp(app, 'Phone leads', 17);
    const { page, context, investors } = setup;
    const gridChunks = gridChunkRequests(context);
    await patchRow(app, setup, investors[1], { stage: 'contacted', follow_up_on: dayFromToday(3), amount: 250000 });
    await patchRow(app, setup, investors[2], { stage: 'committed' });

    await page.goto(`/lists/${setup.list.id}`);
    await cards(page, 'Phone leads').first().waitFor();
    await expect.poll(() => cards(page, 'Phone leads').count()).toBe(15);
    await page.getByRole('navigation', { name: 'Pagination' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('grid').count()).toBe(0);
    expect(gridChunks).toEqual([]);
    expect(await page.getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true');
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(390);
    // The header keeps the view switch and More, whose menu holds the owner's other actions: the first card is
    // on the first screen.
    expect((await cards(page, 'Phone leads').first().boundingBox())!.y).toBeLessThan(844 - 100);
    await page.getByRole('button', { name: 'More' }).tap();
    const more = page.getByRole('menu', { name: 'More' });
    await expect
      .poll(() => more.getByRole('menuitem').allTextContents())
      .toEqual(['Add an investor', 'Share', 'Edit', 'Export CSV', 'Import…', 'Delete List']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add an investor');
    await expectNoSeriousViolations(page, "the list's More menu");
    await phoneScreenshot(page, 'list-more-390');
    await page.keyboard.press('Escape');
    await more.waitFor({ state: 'hidden' });
    await expect.poll(() => card(page, investors[1]).textContent()).toContain('$250,000');
    await phoneScreenshot(page, 'list-cards-390');
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(360);
    // A card's stage shows whole: 'Contacted' and 'Committed', the longest, not cut to 'Contac…'.
    for (const investor of [investors[1], investors[2]]) {
      const stage = card(page, investor).getByRole('combobox', { name: `Stage of ${fullName(investor)}` });
      expect(await stage.evaluate((face) => face.scrollWidth - face.clientWidth), fullName(investor)).toBe(0);
    }
    await phoneScreenshot(page, 'list-cards-360');
    await page.setViewportSize(PHONE.viewport);

    // The stage, changed from its card, lands on the server.
    const [first] = investors;
    await card(page, first).getByRole('combobox', { name: `Stage of ${fullName(first)}` }).tap();
    await page.getByRole('option', { name: 'Meeting' }).tap();
    await expect.poll(async () => (await serverPipeline(app, setup, first)).stage, { timeout: 15_000 }).toBe('meeting');

    // Tab goes from a card's link to its checkbox.
    await card(page, first).getByRole('link', { name: fullName(first) }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Select ${fullName(first)}`);

    // Page 2, a card selected there, then a search.
    await page.getByRole('button', { name: 'Page 2' }).tap();
    await page.waitForURL(/[?&]page=2/);
    await expect.poll(() => cards(page, 'Phone leads').count()).toBe(2);
    const onPage2 = investors[15];
    await card(page, onPage2).getByRole('checkbox').check();
    await page.getByRole('region', { name: 'Selection' }).getByText('1 selected').waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('grid').waitFor();
    await page.getByRole('button', { name: 'Table' }).waitFor();
    await page.setViewportSize(PHONE.viewport);
    await expect.poll(() => cards(page, 'Phone leads').count()).toBe(2);
    expect(page.url()).toMatch(/[?&]page=2/);
    await page.getByRole('region', { name: 'Selection' }).getByText('1 selected').waitFor();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Clear' }).tap();

    const term = onPage2.last_name;
    await page.getByRole('searchbox', { name: 'Search this list' }).fill(term);
    await expect.poll(() => page.url()).not.toMatch(/page=/);
    await card(page, onPage2).waitFor();
    expect(gridChunks.length).toBeGreaterThan(0);
    gridChunks.length = 0;

    // Widened: the grid with the same search; narrowed again: the cards it leaves.
    await page.setViewportSize({ width: 1280, height: 800 });
    const grid = page.getByRole('grid', { name: 'Phone leads' });
    await grid.waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search this list' }).inputValue()).toBe(term);
    await expect.poll(() => grid.getByRole('row').filter({ hasText: fullName(onPage2) }).count()).toBe(1);
    await page.setViewportSize(PHONE.viewport);
    await card(page, onPage2).waitFor();

    // A tap anywhere on the card opens the row's page; the grid's code was never needed.
    await page.getByRole('searchbox', { name: 'Search this list' }).fill('');
    await page.goto(`/lists/${setup.list.id}`);
    await card(page, investors[2]).waitFor();
    gridChunks.length = 0;
    await page.reload();
    await card(page, investors[2]).waitFor();
    await page.waitForLoadState('networkidle');
    expect(gridChunks).toEqual([]);
    await tapCardCorner(card(page, investors[2]));
    await page.waitForURL(`/investor/${investors[2].id}`);
  });

  it('removes two selected cards through the selection bar, exports and moves the selection, and an Undo made offline lands once', async () => {
    const app = e2e.app();
    const setup = await phoneSetUp(app, 'Pruning', 5, { offline: true });
    const { page, context, investors } = setup;
    await waitForServiceWorker(page);
    const batches: number[] = [];
    context.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().endsWith(`/lists/${setup.list.id}/investors/batch`)) batches.push(response.status());
    });
    await page.goto(`/lists/${setup.list.id}`);
    await cards(page, 'Pruning').first().waitFor();
    await expect.poll(() => cards(page, 'Pruning').count()).toBe(5);
    await page.waitForLoadState('networkidle');
    const [a, b, c] = investors;
    const bar = page.getByRole('region', { name: 'Selection' });

    // Export CSV and Change stage of the selected rows.
    await card(page, b).getByRole('checkbox').check();
    await card(page, c).getByRole('checkbox').check();
    await bar.getByText('2 selected').waitFor();
    await phoneScreenshot(page, 'list-selection-390');
    const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: 'Export CSV' }).tap()]);
    const csv = readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
    expect(csv).toHaveLength(3);
    expect(csv[1]).toContain(b.last_name);
    expect(csv[2]).toContain(c.last_name);
    await bar.getByRole('button', { name: 'Change stage' }).tap();
    await page.getByRole('menuitem', { name: 'Term sheet' }).tap();
    await expect
      .poll(async () => [(await serverPipeline(app, setup, b)).stage, (await serverPipeline(app, setup, c)).stage], { timeout: 15_000 })
      .toEqual(['term_sheet', 'term_sheet']);
    expect((await serverPipeline(app, setup, a)).stage).toBe('lead');
    await bar.getByRole('button', { name: 'Clear' }).tap();

    // Two removed with the bar, and put back with Undo.
    await card(page, a).getByRole('checkbox').check();
    await card(page, b).getByRole('checkbox').check();
    await bar.getByRole('button', { name: 'Remove from list' }).tap();
    const toast = page.getByText('Removed 2 investors from Pruning');
    await toast.waitFor();
    await expect.poll(() => serverIds(app, setup), { timeout: 15_000 }).toEqual([c, investors[3], investors[4]].map((i) => i.id).sort((x, y) => x - y));
    await expect.poll(() => cards(page, 'Pruning').count()).toBe(3);
    await bar.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo' }).tap();
    await expect.poll(() => serverIds(app, setup), { timeout: 15_000 }).toHaveLength(5);
    await expect.poll(() => cards(page, 'Pruning').count()).toBe(5);

    // Removed again, then Undo offline: the card is back at once, marked pending, and lands once online.
    await card(page, a).getByRole('checkbox').check();
    await bar.getByRole('button', { name: 'Remove from list' }).tap();
    await page.getByText(`Removed ${fullName(a)} from Pruning`).waitFor();
    await expect.poll(() => serverIds(app, setup), { timeout: 15_000 }).toHaveLength(4);
    await expect.poll(() => cards(page, 'Pruning').count()).toBe(4);
    batches.length = 0;
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Undo' }).tap();
    await card(page, a).getByText('Pending').waitFor();
    expect(await card(page, a).getByRole('checkbox').count()).toBe(0);
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(1);
    await phoneScreenshot(page, 'list-pending-390');
    await context.setOffline(false);
    await expect.poll(() => serverIds(app, setup), { timeout: 15_000 }).toHaveLength(5);
    await expect.poll(() => card(page, a).getByText('Pending').count()).toBe(0);
    await page.reload();
    await cards(page, 'Pruning').first().waitFor();
    await expect.poll(() => cards(page, 'Pruning').count()).toBe(5);
    await page.waitForLoadState('networkidle');
    expect(batches).toEqual([200]);
  });

  it('shows follow-ups as cards whose stage changes where the list may be edited', async () => {
    const app = e2e.app();
    const setup = await phoneSetUp(app, 'Due soon', 2);
    const { page, context, investors } = setup;
    const gridChunks = gridChunkRequests(context);
    const [late, soon] = investors;
    await patchRow(app, setup, late, { follow_up_on: dayFromToday(-1), amount: 100000 });
    await patchRow(app, setup, soon, { follow_up_on: dayFromToday(2) });
    await page.goto('/follow-ups');
    const overdue = page.getByRole('list', { name: 'Overdue' });
    const lateCard = overdue.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: fullName(late) }) });
    await lateCard.waitFor();
    expect(await lateCard.getByRole('link', { name: 'Due soon' }).getAttribute('href')).toBe(`/lists/${setup.list.id}`);
    await expect.poll(() => lateCard.textContent()).toContain('$100,000');
    await page.getByRole('list', { name: 'Next 7 days' }).getByRole('heading', { level: 3, name: fullName(soon) }).waitFor();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(390);
    await phoneScreenshot(page, 'follow-ups-390');
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(360);
    await page.setViewportSize(PHONE.viewport);

    await lateCard.getByRole('combobox', { name: `Stage of ${fullName(late)} in Due soon` }).tap();
    await page.getByRole('option', { name: 'Meeting' }).tap();
    await expect.poll(async () => (await serverPipeline(app, setup, late)).stage, { timeout: 15_000 }).toBe('meeting');
    await page.waitForLoadState('networkidle');
    expect(gridChunks).toEqual([]);
  });

  it('shows a saved search’s new rows as cards, a tap opening the row', async () => {
    const app = e2e.app();
    const { page, context, tokens } = await app.loggedInPage('/follow-ups', { context: PHONE });
    const word = `Phonewave${Date.now().toString(36)}q`;
    const created = await app.callApi('POST', '/saved-searches', { name: 'Phone wave', kind: 'investors', query: { search_term: word } }, tokens.access_token);
    expect(created.status).toBe(201);
    const saved = created.body as unknown as SavedSearch;
    await importInvestor(app, word);
    const gridChunks = gridChunkRequests(context);

    await page.goto(`/saved-searches/${saved.id}`);
    await page.getByText('1 new investor since you last opened this search').waitFor();
    const list = page.getByRole('list', { name: 'New investors' });
    const heading = list.getByRole('heading', { level: 2, name: `Quillon ${word}` });
    await heading.waitFor();
    expect(await list.getByRole('listitem').first().textContent()).toContain(`Partner at ${word} Capital`);
    await page.waitForLoadState('networkidle');
    expect(gridChunks).toEqual([]);
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(360);
    await phoneScreenshot(page, 'new-rows-360');
    await page.setViewportSize(PHONE.viewport);
    await tapCardCorner(list.getByRole('listitem').first());
    await page.waitForURL(/\/investor\/\d+$/);
  }, 240_000);
});
