// Investors and Funds on a phone (issue 34), in Chromium at 390×844 with touch against the built app:
// the rows are cards and the grid's code is never asked for; the search, one Filters button (a
// full-screen sheet) and the first card fit the first screen; the filters set are removable chips kept
// in the URL; cards are selected and added to a list through the selection bar, online and offline;
// a tap opens the detail; a window widened past 768 px shows the grid with the same search, page and
// selection; nothing scrolls sideways at 360 px.
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Fund, Investor, ListSummary, Paged } from '../../src/shared/api-types.js';
import { describeE2E, sessionState, useE2EApp, type E2EApp, type TestUser } from '../helpers/e2e.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import { askApi, gridRow, searchAfter } from './catalogue-page.js';
import { countStoredRows, waitForServiceWorker } from './offline-helpers.js';
import { PHONE, phoneScreenshot } from './phone-helpers.js';

const GRID_CHUNK = /\/assets\/data-grid-[^/]*\.js$/;

const fullName = (investor: Investor) => `${investor.first_name} ${investor.last_name}`;

describeE2E('catalogue on a phone', () => {
  const e2e = useE2EApp();

  interface PhonePage {
    app: E2EApp;
    page: Page;
    context: BrowserContext;
    token: string;
    /** The grid's chunk, each time the page asked for it. */
    gridRequests: string[];
  }

  /** A new user logged in on a phone, every request recorded from the first one, at `path` with its cards. */
  async function openOnPhone(
    path = '/investors',
    { size = PHONE.viewport, user, serviceWorkers }: { size?: { width: number; height: number }; user?: TestUser; serviceWorkers?: 'allow' } = {},
  ): Promise<PhonePage> {
    const app = e2e.app();
    const tokens = user ? await app.loginTokens(user) : (await app.signUp()).tokens;
    const context = await app.newContext({
      ...PHONE,
      viewport: size,
      storageState: sessionState(app.baseUrl, tokens),
      ...(serviceWorkers && { serviceWorkers }),
    });
    // The page's own requests: the service worker precaches every chunk of the build for offline use.
    const gridRequests: string[] = [];
    const page = await context.newPage();
    page.on('request', (request) => {
      if (GRID_CHUNK.test(new URL(request.url()).pathname)) gridRequests.push(request.url());
    });
    await page.goto(path);
    await cards(page).first().waitFor();
    return { app, page, context, token: tokens.access_token, gridRequests };
  }

  /** The page's cards: the items of the list of rows. */
  const cards = (page: Page) => page.locator('main ul[aria-label] > li');
  const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { name, level: 2, exact: true }) });

  const cardNames = (page: Page) => cards(page).locator('h2').allTextContents();

  async function firstPage<R>(app: E2EApp, token: string, catalogue: 'investors' | 'funds', query = ''): Promise<Paged<R>> {
    const answer = await app.callApi('GET', `/${catalogue}/search?page=1&per_page=15${query}`, undefined, token);
    expect(answer.status).toBe(200);
    return answer.body as unknown as Paged<R>;
  }

  async function createList(app: E2EApp, token: string, name: string): Promise<ListSummary> {
    const created = await app.callApi('POST', '/lists', { name, description: '', list_type: 'investor' }, token);
    expect(created.status).toBe(201);
    return created.body as unknown as ListSummary;
  }

  async function listIds(app: E2EApp, token: string, listId: number) {
    const res = await app.callApi('GET', `/lists/${listId}`, undefined, token);
    expect(res.status).toBe(200);
    const list = res.body as unknown as ListSummary & { items: Investor[] };
    return { ids: list.items.map((item) => item.id).sort((a, b) => a - b), count: list.item_count };
  }

  /** A tap on a card's lower left corner, away from its name, its badges and its checkbox. */
  async function tapCard(page: Page, name: string) {
    const target = card(page, name);
    const box = (await target.boundingBox())!;
    await target.tap({ position: { x: 8, y: box.height - 6 } });
  }

  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('shows the search, one Filters button and the first card on the first screen, as cards, without the grid’s code', async () => {
    const { app, page, token, gridRequests } = await openOnPhone();
    const answer = await firstPage<Investor>(app, token, 'investors');
    await expect.poll(() => cardNames(page)).toEqual(answer.results.map(fullName));
    expect(await page.getByRole('list', { name: 'Investors' }).getByRole('listitem').count()).toBe(15);
    expect(await page.getByRole('grid').count()).toBe(0);

    const screenHeight = PHONE.viewport.height;
    for (const target of [
      page.getByRole('searchbox', { name: 'Search investors' }),
      page.getByRole('button', { name: 'Filters', exact: true }),
      page.getByRole('button', { name: 'Save search' }),
      cards(page).first(),
    ]) {
      const box = (await target.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(screenHeight);
    }
    // The first card reads its row: the name links to its page, the title at the firm, its badges.
    const [first] = answer.results;
    const firstCard = card(page, fullName(first));
    expect(await firstCard.getByRole('link', { name: fullName(first) }).getAttribute('href')).toBe(`/investor/${first.id}`);
    if (first.contact_title !== 'NaN' && first.firm_name !== 'NaN') {
      await firstCard.getByText(`${first.contact_title.trim()} at ${first.firm_name.trim()}`).waitFor();
    }

    // Tab goes through each card's link, then its checkbox.
    await firstCard.getByRole('link').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Select ${fullName(first)}`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(fullName(answer.results[1]));

    expect(await noSidewaysScroll(page)).toBe(true);
    await phoneScreenshot(page, 'investors-390');
    await page.waitForLoadState('networkidle');
    expect(gridRequests).toEqual([]);
  });

  it('sets filters in a full-screen sheet that keeps the focus, shows them as chips in the URL, and removes one by its chip', async () => {
    const { app, page, token } = await openOnPhone();
    const filtersButton = page.getByRole('button', { name: 'Filters', exact: true });
    await filtersButton.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    // The focus stays in the sheet however far Tab goes.
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    const stage = sheet.getByRole('region', { name: 'Investment state' }).getByRole('checkbox').first();
    const country = sheet.getByRole('region', { name: 'Located in' }).getByRole('checkbox').first();
    await stage.waitFor();
    await country.waitFor();
    const stageLabel = (await sheet.getByRole('region', { name: 'Investment state' }).locator('label').first().textContent())!;
    const countryLabel = (await sheet.getByRole('region', { name: 'Located in' }).locator('label').first().textContent())!;
    await stage.check();
    await country.check();
    const url = await searchAfter(page, 'investors', () => sheet.getByRole('button', { name: 'Apply' }).click());
    await sheet.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Filters');

    expect(url.searchParams.getAll('stages')).toEqual([stageLabel]);
    expect(url.searchParams.getAll('countries')).toEqual([countryLabel]);
    const inUrl = new URL(page.url());
    expect(inUrl.searchParams.get('stages')).toContain(stageLabel);
    expect(inUrl.searchParams.get('countries')).toContain(countryLabel);
    await page.getByRole('button', { name: 'Filters, 2 set' }).waitFor();
    await page.getByRole('group', { name: 'Filters set' }).getByRole('button', { name: `Remove ${stageLabel}` }).waitFor();
    const answer = await askApi<Investor>(app, url, token);
    await expect.poll(() => cardNames(page)).toEqual(answer.results.map(fullName));
    await phoneScreenshot(page, 'investors-filters-390');

    const after = await searchAfter(page, 'investors', () => page.getByRole('button', { name: `Remove ${stageLabel}` }).click());
    expect(after.searchParams.getAll('stages')).toEqual([]);
    expect(after.searchParams.getAll('countries')).toEqual([countryLabel]);
    await page.getByRole('button', { name: 'Filters, 1 set' }).waitFor();
    expect(new URL(page.url()).searchParams.get('stages')).toBeNull();
  });

  it('adds two selected cards to a list through the selection bar, and a tap on a card opens its page', async () => {
    const { app, page, token } = await openOnPhone();
    const list = await createList(app, token, 'Phone picks');
    const answer = await firstPage<Investor>(app, token, 'investors');
    const [a, b, c] = answer.results;
    await page.reload();
    await cards(page).first().waitFor();

    await card(page, fullName(a)).getByRole('checkbox', { name: `Select ${fullName(a)}` }).tap();
    await card(page, fullName(b)).getByRole('checkbox', { name: `Select ${fullName(b)}` }).tap();
    const bar = page.getByRole('region', { name: 'Selection' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Create New List' }).waitFor();
    await bar.getByRole('button', { name: 'Add to lists' }).waitFor();
    await phoneScreenshot(page, 'investors-selected-390');
    // The bar leaves room: the last card can scroll clear of it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const barTop = (await bar.boundingBox())!.y;
    const pager = (await page.getByRole('navigation', { name: 'Pagination' }).boundingBox())!;
    expect(pager.y + pager.height).toBeLessThanOrEqual(barTop);

    await bar.getByRole('button', { name: 'add to Phone picks' }).click();
    await page.getByText('Added 2 investors to Phone picks').waitFor();
    expect(await listIds(app, token, list.id)).toEqual({ ids: [a.id, b.id].sort((x, y) => x - y), count: 2 });

    await page.evaluate(() => window.scrollTo(0, 0));
    await tapCard(page, fullName(c));
    await page.waitForURL(`**/investor/${c.id}`);
    await page.getByRole('heading', { level: 1, name: fullName(c) }).waitFor();
  });

  it('reads the cards offline from what was seen online, marks rows added offline pending, and sends them once', async () => {
    const { app, page, context, token } = await openOnPhone('/investors', { serviceWorkers: 'allow' });
    await waitForServiceWorker(page);
    const list = await createList(app, token, 'Offline picks');
    const [a, b] = (await firstPage<Investor>(app, token, 'investors')).results;
    await page.reload();
    await card(page, fullName(a)).waitFor();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.reload();
    await card(page, fullName(a)).waitFor();
    await card(page, fullName(a)).getByRole('checkbox').tap();
    await card(page, fullName(b)).getByRole('checkbox').tap();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'add to Offline picks' }).click();
    await page.getByText('No connection: 2 investors will be added to Offline picks', { exact: false }).waitFor();
    await card(page, fullName(a)).getByText('Pending').waitFor();
    await card(page, fullName(b)).getByText('Pending').waitFor();
    expect(await countStoredRows(page, 'outbox')).toBe(1);
    expect((await listIds(app, token, list.id)).ids).toEqual([]);
    await phoneScreenshot(page, 'investors-pending-390');

    await context.setOffline(false);
    await page.getByText('2 rows added while offline are now saved to your lists').waitFor();
    await expect.poll(() => page.getByText('Pending', { exact: true }).count()).toBe(0);
    expect(await listIds(app, token, list.id)).toEqual({ ids: [a.id, b.id].sort((x, y) => x - y), count: 2 });
    expect(await countStoredRows(page, 'outbox')).toBe(0);
    await page.reload();
    await card(page, fullName(a)).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await listIds(app, token, list.id)).toEqual({ ids: [a.id, b.id].sort((x, y) => x - y), count: 2 });
  });

  it('keeps the search, the page and the selection when the window is widened to a grid and narrowed again', async () => {
    const { app, page, token, gridRequests } = await openOnPhone();
    const term = 'partner';
    await searchAfter(page, 'investors', () => page.getByRole('searchbox', { name: 'Search investors' }).fill(term));
    const next = await searchAfter(page, 'investors', () => page.getByRole('button', { name: 'Next' }).click());
    expect(next.searchParams.get('page')).toBe('2');
    const answer = await askApi<Investor>(app, next, token);
    await expect.poll(() => cardNames(page)).toEqual(answer.results.map(fullName));
    const [a, b] = answer.results;
    await card(page, fullName(a)).getByRole('checkbox').tap();
    await card(page, fullName(b)).getByRole('checkbox').tap();
    await page.getByRole('region', { name: 'Selection' }).getByText('2 selected').waitFor();
    expect(gridRequests).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await gridRow(page, a.id).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search investors' }).inputValue()).toBe(term);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await gridRow(page, a.id).getAttribute('aria-selected')).toBe('true');
    expect(await gridRow(page, b.id).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('toolbar', { name: 'List actions' }).getByText('2 selected').waitFor();
    expect(gridRequests.length).toBeGreaterThan(0);

    await page.setViewportSize(PHONE.viewport);
    await card(page, fullName(a)).getByRole('checkbox', { checked: true }).waitFor();
    await page.getByRole('region', { name: 'Selection' }).getByText('2 selected').waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe(term);
  });

  it('does not scroll sideways at 360 px, shows funds as cards, and shows a fit’s reasons on a tap', async () => {
    const app = e2e.app();
    const user = await app.createUser();
    const { page, token } = await openOnPhone('/investors', { size: { width: 360, height: 740 }, user });
    const [first] = (await firstPage<Investor>(app, token, 'investors')).results;
    await card(page, fullName(first)).getByRole('checkbox').tap();
    expect(await noSidewaysScroll(page)).toBe(true);
    await phoneScreenshot(page, 'investors-360');

    const [fund] = (await firstPage<Fund>(app, token, 'funds')).results;
    await page.goto('/funds');
    await card(page, fund.firm_name.trim()).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await phoneScreenshot(page, 'funds-360');
    await tapCard(page, fund.firm_name.trim());
    await page.waitForURL(`**/fund/${fund.id}`);

    expect((await app.callApi('PUT', '/startup', SAMPLE_STARTUP, token)).status).toBe(200);
    await page.goto('/investors');
    const ranked = (await firstPage<Investor>(app, token, 'investors', '&sort=fit')).results[0];
    const chip = card(page, fullName(ranked)).locator('[data-fit-score]');
    await chip.tap();
    await page.getByRole('tooltip').getByText(/of 100/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/investors');
    expect(await noSidewaysScroll(page)).toBe(true);
    await phoneScreenshot(page, 'investors-fit-360');
  });
});
