// Saved lists in Chromium against the real server: create (sidebar and toolbar), add selected rows,
// add to several lists, the list page with its search, remove, rename, CSV export and delete.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Investor, ListSummary } from '../../src/shared/api-types';
import { describeE2E, useE2EApp, type E2EApp } from '../helpers/e2e';
import { GRID_HEADER, GRID_ROW, gridRow, shownIds } from './catalogue-page';
import { chooseMoreAction } from './list-page';

const INVESTOR_HEADERS =
  'Investors,Contact title,Email,Gender,Phone number,Firm name,Type of firm,Company website,Capital managed,' +
  'Min. investment,Max. investment,Number of investors,Financing type,Geographic preferences,Stage preferences,' +
  'Industry preferences,City,State,Country,Stage,Next follow-up,Amount (USD),Last contacted,Answered,Notes';

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: new RegExp(`^${name}, `) });

async function sidebarCount(page: Page, name: string): Promise<string | null> {
  return sidebarLink(page, name).getAttribute('aria-label');
}

async function createListThroughApi(app: E2EApp, token: string, name: string, listType: 'investor' | 'fund') {
  const created = await app.callApi('POST', '/lists', { name, description: '', list_type: listType }, token);
  expect(created.status).toBe(201);
  return created.body as unknown as ListSummary;
}

async function selectRows(page: Page, count: number): Promise<number[]> {
  await page.locator(GRID_ROW).first().waitFor();
  const ids = (await shownIds(page)).slice(0, count);
  for (const id of ids) await gridRow(page, id).getByRole('checkbox').check();
  await page.getByText(`${count} selected`).waitFor();
  return ids;
}

describeE2E('saved lists', () => {
  const e2e = useE2EApp();

  it('creates a list from the sidebar with the spec rules, toast and Go to List, and shows it empty', async () => {
    const app = e2e.app();
    const { page } = await app.loggedInPage('/investors');
    await page.getByRole('navigation', { name: 'Lists' }).getByRole('button', { name: 'Create new list', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Create new list' });
    await modal.waitFor();
    expect((await modal.boundingBox())?.width).toBe(660);
    await modal.getByRole('button', { name: 'Create List' }).click();
    await modal.getByText('List name is required').waitFor();
    await modal.getByText('List type is required').waitFor();
    expect(await modal.getByLabel(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(await modal.locator('label', { hasText: 'Name' }).first().textContent()).toContain('*');

    await modal.getByLabel(/^Name/).fill('Seed leads');
    await modal.getByText('List name is required').waitFor({ state: 'detached' });
    await modal.getByLabel('Description').fill('Angels and seed funds for the round');
    await modal.getByRole('combobox', { name: /List type/ }).click();
    await page.getByRole('option', { name: 'Investor' }).click();
    await modal.getByRole('button', { name: 'Create List' }).click();
    await modal.waitFor({ state: 'detached' });

    const toast = page.locator('.notistack-SnackbarContainer').filter({ hasText: 'List has been created' });
    await toast.waitFor();
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y + box.height > viewport.height - 120).toBe(true);
    expect(box && viewport && box.x + box.width > viewport.width - 120).toBe(true);
    await expect.poll(() => sidebarCount(page, 'Seed leads')).toBe('Seed leads, 0 items');

    await toast.getByRole('button', { name: 'Go to List' }).click();
    await page.waitForURL(/\/lists\/\d+$/);
    await page.getByRole('heading', { name: 'Seed leads', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Seed leads | Fundscape');
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toBe('ListsSeed leads');
    const empty = page.getByText('You haven’t save anything to this list. Start browsing Investors now.');
    await empty.waitFor();
    expect(await empty.getByRole('link', { name: 'Investors' }).getAttribute('href')).toBe('/investors');
  });

  it('adds selected investors to a list: the sidebar count and the list page show them; search, CSV, remove, rename', async () => {
    const app = e2e.app();
    const user = await app.createUser();
    const tokens = await app.loginTokens(user);
    const list = await createListThroughApi(app, tokens.access_token, 'Warm intros', 'investor');
    const { page } = await app.loggedInPage('/investors', { user });
    const ids = await selectRows(page, 3);
    await page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'add to Warm intros' }).click();
    await page.getByText('Added 3 investors to Warm intros').waitFor();
    await expect.poll(() => sidebarCount(page, 'Warm intros')).toBe('Warm intros, 3 items');

    await sidebarLink(page, 'Warm intros').click();
    await page.waitForURL(`**/lists/${list.id}`);
    await page.getByRole('heading', { name: 'Warm intros', level: 1 }).waitFor();
    await expect.poll(async () => (await shownIds(page)).sort()).toEqual([...ids].sort());
    expect(await page.getByRole('checkbox').count()).toBe(0);

    const items = (await app.callApi('GET', `/lists/${list.id}/items`, undefined, tokens.access_token))
      .body as unknown as Investor[];
    const first = items.find((item) => item.id === ids[0])!;
    const name = `${first.first_name} ${first.last_name}`;
    await page.getByRole('searchbox', { name: 'Search this list' }).fill(name);
    await expect.poll(() => shownIds(page)).toEqual([first.id]);
    await page.getByRole('searchbox', { name: 'Search this list' }).fill('');
    await expect.poll(() => shownIds(page).then((shown) => shown.length)).toBe(3);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      chooseMoreAction(page, 'Export CSV'),
    ]);
    expect(download.suggestedFilename()).toBe('warm-intros.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(INVESTOR_HEADERS);
    expect(lines.filter((line) => line !== '')).toHaveLength(4);
    expect(csv).toContain(name);
    if (first.stage_preferences.length > 1) expect(csv).toContain(first.stage_preferences.join('; '));

    await page.getByRole('button', { name: `Remove ${name} from list` }).click();
    await expect.poll(() => shownIds(page).then((shown) => shown.length)).toBe(2);
    await expect.poll(() => sidebarCount(page, 'Warm intros')).toBe('Warm intros, 2 items');
    const after = await app.callApi('GET', `/lists/${list.id}/items`, undefined, tokens.access_token);
    expect((after.body as unknown as Investor[]).map((item) => item.id)).not.toContain(first.id);

    await chooseMoreAction(page, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit list' });
    await edit.getByLabel(/^Name/).fill('');
    await edit.getByText('List name is required').waitFor();
    await edit.getByLabel(/^Name/).fill('Warm intros — Q3');
    await edit.getByLabel('Description').fill('Partners who replied');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('heading', { name: 'Warm intros — Q3', level: 1 }).waitFor();
    await page.getByText('Partners who replied').waitFor();
    await expect.poll(() => sidebarCount(page, 'Warm intros — Q3')).toBe('Warm intros — Q3, 2 items');
  });

  it('adds funds to several lists at once, and the toolbar creates a list with its type preset', async () => {
    const app = e2e.app();
    const user = await app.createUser();
    const tokens = await app.loginTokens(user);
    const a = await createListThroughApi(app, tokens.access_token, 'Fund shortlist', 'fund');
    await createListThroughApi(app, tokens.access_token, 'Fund longlist', 'fund');
    await createListThroughApi(app, tokens.access_token, 'Angels', 'investor');
    const { page } = await app.loggedInPage('/funds', { user });
    const ids = await selectRows(page, 2);
    const toolbar = page.getByRole('toolbar', { name: 'List actions' });
    expect(await toolbar.getByRole('button', { name: /^add to / }).allTextContents()).toEqual([
      'add to Fund shortlist',
      'add to Fund longlist',
    ]);

    await toolbar.getByRole('button', { name: 'Add to lists' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to lists' });
    await dialog.getByLabel(/Fund shortlist/).check();
    await dialog.getByLabel(/Fund longlist/).check();
    await dialog.getByRole('button', { name: 'Add to 2 lists' }).click();
    await page.getByText('Added 2 funds to 2 lists').waitFor();
    await expect.poll(() => sidebarCount(page, 'Fund shortlist')).toBe('Fund shortlist, 2 items');
    await expect.poll(() => sidebarCount(page, 'Fund longlist')).toBe('Fund longlist, 2 items');
    expect(await sidebarCount(page, 'Angels')).toBe('Angels, 0 items');

    await sidebarLink(page, 'Fund shortlist').click();
    await page.waitForURL(`**/lists/${a.id}`);
    await page.getByRole('heading', { name: 'Fund shortlist', level: 1 }).waitFor();
    await expect.poll(async () => (await shownIds(page)).sort()).toEqual([...ids].sort());
    // The first column holds each row's remove button; the pipeline's columns follow the name.
    const headers = await page.locator(GRID_HEADER).allTextContents();
    // (Columns past the viewport's edge are not drawn yet: the first few are checked.)
    expect(headers.slice(1, 5)).toEqual(['Firm name', 'Stage', 'Next follow-up', 'Last contacted']);

    await page.goto('/funds');
    await page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Create New List' }).click();
    const modal = page.getByRole('dialog', { name: 'Create new list' });
    expect(await modal.getByRole('combobox', { name: /List type/ }).textContent()).toBe('Fund');
  });

  it('deletes a list after the confirmation, and a failed delete stays silent and stays put', async () => {
    const app = e2e.app();
    const user = await app.createUser();
    const tokens = await app.loginTokens(user);
    const doomed = await createListThroughApi(app, tokens.access_token, 'Doomed list', 'investor');
    const vanishing = await createListThroughApi(app, tokens.access_token, 'Vanishing list', 'investor');
    // No service worker: its 'Ready to work offline' toast, top-right whenever the worker finishes
    // installing, would cover the Delete List button for 5 s and hold up the clicks this test times.
    const { page } = await app.loggedInPage(`/lists/${doomed.id}`, { user, context: { serviceWorkers: 'block' } });
    await page.getByRole('heading', { name: 'Doomed list', level: 1 }).waitFor();
    // On a desktop the header's everyday actions stand on one row with More, which holds Edit, Export CSV, Import…
    // and Delete List.
    const middles = [];
    for (const name of ['Table', 'Board', 'Add an investor', 'Share', 'More']) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      middles.push(box.y + box.height / 2);
    }
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4);
    expect(await page.getByRole('button', { name: 'Delete List' }).count()).toBe(0);

    await chooseMoreAction(page, 'Delete List');
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText('Deleting your list is permanent and arreversible.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/lists/${doomed.id}`);

    await chooseMoreAction(page, 'Delete List');
    await dialog.getByRole('button', { name: 'Delete List' }).click();
    await page.waitForURL(/\/investors$/);
    await sidebarLink(page, 'Doomed list').waitFor({ state: 'detached' });
    const lists = (await app.callApi('GET', '/lists', undefined, tokens.access_token)).body as unknown as ListSummary[];
    expect(lists.map((list) => list.id)).toEqual([vanishing.id]);

    // Deleted elsewhere meanwhile, unseen (the live stream, which would have said so, cut off): the
    // delete fails (404); the page says nothing and stays.
    await page.route('**/lists/*/events**', (route) => route.abort());
    await sidebarLink(page, 'Vanishing list').click();
    await page.getByRole('heading', { name: 'Vanishing list', level: 1 }).waitFor();
    expect((await app.callApi('DELETE', `/lists/${vanishing.id}`, undefined, tokens.access_token)).status).toBe(204);
    await chooseMoreAction(page, 'Delete List');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/lists/${vanishing.id}`)),
      page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete List' }).click(),
    ]);
    expect(response.status()).toBe(404);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(`/lists/${vanishing.id}`);
    expect(await page.locator('.notistack-MuiContent-error').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
  });
});
