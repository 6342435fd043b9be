// Saved searches (issue 25) in headless Chromium against the built app: Save search on Investors keeps the
// page's query; an investor brought in by the real `npm run import` is counted in the sidebar for the
// searches it matches and no other; its page of new rows shows it; opening the search puts its query back
// in the URL, shows its rows and clears the count. Offline, a search saved, renamed and opened shows at
// once as pending, survives a reload, and lands once when the connection is back. Axe on the sidebar and
// the save dialog.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { SavedSearch } from '../../src/shared/saved-searches.js';
import { describeE2E, useE2EApp, type E2EApp } from '../helpers/e2e.js';
import { expectNoSeriousViolations } from './axe.js';
import { GRID_ROW, searchAfter } from './catalogue-page.js';
import { countStoredRows, waitForServiceWorker } from './offline-helpers.js';
import { screenshotFor } from './screenshots.js';

const run = promisify(execFile);

/** The whole page, when SAVED_SEARCH_SCREENSHOTS names a folder. */
const screenshot = screenshotFor('SAVED_SEARCH_SCREENSHOTS');

/** A word no seeded row holds, to search by. */
const uniqueWord = (prefix: string) => `${prefix}${Date.now().toString(36)}q`;

/** A catalogue page's URL with its search as the app writes it (arrays as JSON). */
const catalogueUrl = (path: string, search: Record<string, unknown>) =>
  `${path}?${Object.entries(search)
    .map(([key, value]) => `${key}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&')}`;

/** The page's URL search as the router reads it: JSON where it is JSON, else the text. */
const urlSearch = (page: Page) =>
  Object.fromEntries([...new URL(page.url()).searchParams].map(([key, value]) => [key, /^[[{"]/.test(value) ? (JSON.parse(value) as unknown) : value]));

async function savedSearches(app: E2EApp, token: string): Promise<SavedSearch[]> {
  const res = await app.callApi('GET', '/saved-searches', undefined, token);
  expect(res.status).toBe(200);
  return res.body as unknown as SavedSearch[];
}

const CSV_HEADER =
  'id,first_name,last_name,contact_title,email,gender,phone,firm_name,type_of_firm,office_website,capital_managed,min_investment,max_investment,number_of_investors,type_of_financing,geographic_preferences,stage_preferences,industry_preferences,city,state,country';

/** Imports one investor with `npm run import`, the server stopped meanwhile (PGlite: one process on a DATA_DIR). */
async function importInvestor(app: E2EApp, lastName: string, stage: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'fundscape-import-'));
  const file = path.join(folder, 'investors.csv');
  writeFileSync(
    file,
    `${CSV_HEADER}\n,Quillon,${lastName},Partner,quillon@${lastName.toLowerCase()}.example,Female,NaN,${lastName} Capital,Venture Capital Fund,NaN,90000000,250000,2000000,5,"[""Equity""]","[""Europe""]","[""${stage}""]","[""Software""]",Oslo,NaN,Norway\n`,
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

/** Every saved-search call the browser makes from now on, as 'METHOD path' with its status. */
function recordCalls(context: BrowserContext) {
  const calls: string[] = [];
  context.on('response', (response) => {
    const url = new URL(response.url());
    const method = response.request().method();
    if (url.pathname.startsWith('/api/v1/saved-searches') && method !== 'GET') calls.push(`${method} ${url.pathname} ${response.status()}`);
  });
  return calls;
}

describeE2E('saved searches', () => {
  const e2e = useE2EApp();

  it('counts a matching investor from an import in the sidebar, shows it, and opens the search as saved', async () => {
    const app = e2e.app();
    const word = uniqueWord('Zephyr');
    const { page, context, tokens } = await app.loggedInPage(catalogueUrl('/investors', { stages: ['Seed'], search: word }));
    const token = tokens.access_token;
    const calls = recordCalls(context);
    const sidebar = page.getByRole('navigation', { name: 'Saved searches' });
    await sidebar.getByText('Use Save search on Investors or Funds to keep a search here.').waitFor();
    await page.getByText('0 investors match').waitFor();

    // Save search: the dialog offers a name from the filters, and Weekly alerts.
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save search' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect.poll(() => name.inputValue()).toBe(`Seed, “${word}”`);
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Alert' }).textContent()).toBe('Weekly');
    await expectNoSeriousViolations(page, 'the save dialog');
    await screenshot(page, 'save-dialog-desktop');
    await name.fill('Seed Zephyr');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await page.getByText('Saved “Seed Zephyr”').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await sidebar.getByRole('link', { name: 'Seed Zephyr, investors', exact: true }).waitFor();

    // Exactly the page's query, without its page: no sort, as the founder has no startup profile.
    const [saved] = await savedSearches(app, token);
    expect(saved).toMatchObject({ name: 'Seed Zephyr', kind: 'investors', alert: 'weekly', new_count: 0, query: { stages: ['Seed'], search_term: word } });
    expect(Object.keys(saved.query).sort()).toEqual(['search_term', 'stages']);

    // The same name again is refused, under the field.
    await page.getByRole('button', { name: 'Save search' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Seed Zephyr');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.getByText('You already have a saved search with this name').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Searches the import must not count: another stage, and funds.
    for (const other of [
      { name: 'Later Zephyr', kind: 'investors', query: { stages: ['Later Stage'], search_term: word } },
      { name: 'Zephyr funds', kind: 'funds', query: { search_term: word } },
    ]) {
      expect((await app.callApi('POST', '/saved-searches', other, token)).status).toBe(201);
    }

    await importInvestor(app, word, 'Seed');
    await page.goto('/investors');
    const seedLink = sidebar.getByRole('link', { name: 'Seed Zephyr, investors, 1 new', exact: true });
    await seedLink.waitFor();
    await sidebar.getByRole('link', { name: 'Later Zephyr, investors', exact: true }).waitFor();
    await sidebar.getByRole('link', { name: 'Zephyr funds, funds', exact: true }).waitFor();
    expect((await savedSearches(app, token)).map((search) => [search.name, search.new_count])).toEqual([
      ['Seed Zephyr', 1],
      ['Later Zephyr', 0],
      ['Zephyr funds', 0],
    ]);
    await expectNoSeriousViolations(page, 'the sidebar with saved searches');
    await screenshot(page, 'sidebar-desktop');

    // Its page of new rows (where the alert mail's "see them all" leads), reached from its menu by keyboard.
    await sidebar.getByRole('button', { name: 'Actions for Seed Zephyr' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'See what’s new' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`/saved-searches/${saved.id}`);
    await page.getByRole('heading', { level: 1, name: 'Seed Zephyr' }).waitFor();
    await page.getByText('1 new investor since you last opened this search').waitFor();
    await expect.poll(() => page.locator(GRID_ROW).allTextContents()).toEqual([expect.stringContaining(`Quillon ${word}`)]);
    await expectNoSeriousViolations(page, 'the new rows page');
    await screenshot(page, 'new-rows-desktop');

    // Opened from the sidebar: the page as saved, its rows the search's, and nothing new any more.
    const search = await searchAfter(page, 'investors', () => seedLink.click());
    expect(new URL(page.url()).pathname).toBe('/investors');
    expect(urlSearch(page)).toEqual({ stages: ['Seed'], search: word, sort: 'default' });
    expect(search.searchParams.getAll('stages')).toEqual(['Seed']);
    expect(search.searchParams.get('search_term')).toBe(word);
    expect(search.searchParams.has('sort')).toBe(false);
    await page.getByText('1 investors match').waitFor();
    await sidebar.getByRole('link', { name: 'Seed Zephyr, investors', exact: true }).waitFor();
    await expect.poll(async () => (await savedSearches(app, token)).find((s) => s.id === saved.id)?.new_count).toBe(0);

    // Its alert, by keyboard from its menu; then deleted.
    await sidebar.getByRole('button', { name: 'Actions for Seed Zephyr' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'Alert: Weekly', checked: true }).waitFor();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Alert: Daily');
    await page.keyboard.press('Enter');
    await page.getByText('Alerts for “Seed Zephyr”: daily').waitFor();
    expect((await savedSearches(app, token)).find((s) => s.id === saved.id)?.alert).toBe('daily');

    await sidebar.getByRole('button', { name: 'Actions for Seed Zephyr' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await page.getByRole('dialog', { name: 'Delete saved search?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted “Seed Zephyr”').waitFor();
    await sidebar.getByRole('link', { name: /^Seed Zephyr/ }).waitFor({ state: 'detached' });
    expect((await savedSearches(app, token)).map((s) => s.name)).toEqual(['Later Zephyr', 'Zephyr funds']);
    expect(calls.filter((call) => call.startsWith('POST /api/v1/saved-searches '))).toEqual([
      'POST /api/v1/saved-searches 201',
      'POST /api/v1/saved-searches 422',
    ]);

    // On a phone: the sidebar in the drawer, the dialog, the new rows page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await sidebar.getByRole('link', { name: 'Later Zephyr, investors', exact: true }).waitFor();
    await expect.poll(async () => (await sidebar.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'sidebar-phone');
    // Followed on the same page with another search, the link closes the drawer too.
    await sidebar.getByRole('link', { name: 'Later Zephyr, investors', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('stages') === '["Later Stage"]');
    await page.getByRole('button', { name: 'Open navigation', expanded: false }).waitFor();
    await sidebar.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Save search' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).waitFor();
    await screenshot(page, 'save-dialog-phone');
    await page.keyboard.press('Escape');
    await page.goto(`/saved-searches/${(await savedSearches(app, token))[0].id}`);
    await page.getByText('No investors that match “Later Zephyr” were added since you last opened it.').waitFor();
    await screenshot(page, 'new-rows-empty-phone');
  });

  it('saves, renames and opens a search offline, keeps it across a reload, and lands each change once', async () => {
    const app = e2e.app();
    const word = uniqueWord('Berlin');
    const { page, context, tokens } = await app.loggedInPage(catalogueUrl('/funds', { search: word }), { context: { serviceWorkers: 'allow' } });
    await waitForServiceWorker(page);
    const calls = recordCalls(context);
    const sidebar = page.getByRole('navigation', { name: 'Saved searches' });
    await sidebar.getByText('Use Save search on Investors or Funds to keep a search here.').waitFor();
    await page.getByText('0 funds match').waitFor();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save search' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Berlin funds');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await page.getByText('Saved “Berlin funds” on this device; it will be sent when you are back online').waitFor();
    await sidebar.getByRole('link', { name: 'Berlin funds, funds, pending sync', exact: true }).waitFor();

    // Renamed before it has landed.
    await sidebar.getByRole('button', { name: 'Actions for Berlin funds' }).click();
    await page.getByRole('menuitem', { name: 'Rename…' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename saved search' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('Funds in Berlin');
    await rename.getByRole('button', { name: 'Rename' }).click();
    const pendingLink = sidebar.getByRole('link', { name: 'Funds in Berlin, funds, pending sync', exact: true });
    await pendingLink.waitFor();

    // Reloaded offline: the app from the service worker, the list from the frame, the changes from the outbox.
    await page.reload();
    await pendingLink.waitFor();
    await screenshot(page, 'sidebar-offline-pending');
    // Opened offline: the page as it was viewed, and the seen call queued.
    await pendingLink.click();
    await page.waitForURL((url) => url.pathname === '/funds' && url.searchParams.get('sort') === 'default');
    expect(urlSearch(page)).toEqual({ search: word, sort: 'default' });
    await page.getByText('0 funds match').waitFor();
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(3);
    expect(calls).toEqual([]);
    expect(await savedSearches(app, tokens.access_token)).toEqual([]);

    await context.setOffline(false);
    await page.getByText('2 changes to your saved searches made offline are now saved').waitFor();
    await sidebar.getByRole('link', { name: 'Funds in Berlin, funds', exact: true }).waitFor();
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(0);
    const [landed] = await savedSearches(app, tokens.access_token);
    expect(landed).toMatchObject({ name: 'Funds in Berlin', kind: 'funds', alert: 'weekly', query: { search_term: word }, new_count: 0 });
    expect(calls).toEqual([
      'POST /api/v1/saved-searches 201',
      `PATCH /api/v1/saved-searches/${landed.id} 200`,
      `POST /api/v1/saved-searches/${landed.id}/seen 200`,
    ]);

    // A reload sends nothing again.
    await page.reload();
    await sidebar.getByRole('link', { name: 'Funds in Berlin, funds', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toHaveLength(3);
    expect(await savedSearches(app, tokens.access_token)).toHaveLength(1);
  });
});
