// The Investors page in Chromium against the real server and its seeded catalogue: the filters,
// the search and the page, what the page asks the API for, and what it shows.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Investor, OptionItem } from '../../src/shared/api-types';
import { describeE2E, useE2EApp, type E2EApp } from '../helpers/e2e';
import {
  askApi,
  GRID_HEADER,
  GRID_ROW,
  gridRow,
  pickInDropdown,
  recordSearches,
  searchAfter,
  shownIds,
  shownTotal,
  unfilteredTotal,
  waitForRows,
} from './catalogue-page';

const TOP_FILTERS = [
  { label: 'Investment state', placeholder: 'Any stage', key: 'stages', field: 'stage_preferences' },
  { label: 'Industry', placeholder: 'Any industry', key: 'industries', field: 'industry_preferences' },
  { label: 'Located in', placeholder: 'Any country', key: 'countries', field: 'country' },
  { label: 'Fund type', placeholder: 'Any type', key: 'fund_types', field: 'type_of_firm' },
] as const;

/** The page shows what the API answers for the call the page made. */
async function expectShowsAnswerTo(app: E2EApp, page: Page, url: URL, token: string) {
  const answer = await askApi<Investor>(app, url, token);
  await waitForRows(page, answer.results.map((r) => r.id));
  return answer;
}

describeE2E('investors page', () => {
  const e2e = useE2EApp();
  // it.concurrent: two at a time (the e2e project's maxConcurrency), each its own user and browser context, so the
  // browser keeps both cores busy; each uses its own `expect` (expect.poll needs to know its test). A test that
  // times the page, or waits to see that nothing is sent, runs alone.

  /** A new user in a new browser context: nothing cached or persisted from another test. */
  const open = async (path = '/investors') => {
    const app = e2e.app();
    const session = await app.loggedInPage(path);
    await session.page
      .locator(GRID_ROW)
      .first()
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nat ${session.page.url()}: ${(await session.page.locator('body').innerText()).slice(0, 500)}`);
      });
    return { app, page: session.page, token: session.tokens.access_token, session };
  };

  it.concurrent('shows 15 investors a page with the catalogue total and the spec columns', async ({ expect }) => {
    const { app, page, token } = await open();
    const answer = await askApi<Investor>(app, new URL(`${app.baseUrl}/api/v1/investors/search?page=1&per_page=15`), token);
    await waitForRows(page, answer.results.map((r) => r.id));
    expect(answer.results).toHaveLength(15);
    const total = await shownTotal(page, 'investors');
    expect(total).toBe(answer.total);
    expect(total).toBe(await unfilteredTotal(app, 'investors', token));
    expect(total).toBeGreaterThan(15);
    await expect.poll(() => page.title()).toBe('Investors | Fundscape');
    const headers = await page.locator(GRID_HEADER).allTextContents();
    expect(headers.slice(0, 5)).toEqual(['Investors', 'Contact title', 'Email', 'Gender', 'Phone number']);
    for (const { label, placeholder } of TOP_FILTERS) {
      expect(await page.getByRole('button', { name: new RegExp(`^${label}:`) }).textContent()).toBe(placeholder);
    }
  });

  it('resizes columns between 60 and 500 px and does not sort', async () => {
    const { page } = await open();
    const header = page.locator('[role="columnheader"][data-field="name"]');
    const width = async () => Math.round((await header.boundingBox())!.width);
    const drag = async (dx: number) => {
      const handle = (await header.locator('.MuiDataGrid-columnSeparator').boundingBox())!;
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(handle.x + handle.width / 2 + dx, handle.y + handle.height / 2, { steps: 10 });
      await page.mouse.up();
    };
    await drag(800);
    expect(await width()).toBe(500);
    await drag(-800);
    expect(await width()).toBe(60);

    const before = await shownIds(page);
    await page.locator('[role="columnheader"][data-field="contact_title"]').click();
    await page.waitForTimeout(300);
    expect(await shownIds(page)).toEqual(before);
    expect(await page.locator('[aria-sort="ascending"], [aria-sort="descending"]').count()).toBe(0);
  });

  it.concurrent.for(TOP_FILTERS)('narrows the rows by $label and sends $key as repeated keys', async ({ label, key, field }, { expect }) => {
    const { app, page, token } = await open();
    const searches = recordSearches(page, 'investors');
    const picked = await pickInDropdown(page, label, [0, 1]);
    await expect.poll(() => searches.last().searchParams.getAll(key)).toEqual(picked);
    const url = searches.last();
    expect(url.search).not.toContain('%5B'); // no brackets
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('per_page')).toBe('15');
    const answer = await expectShowsAnswerTo(app, page, url, token);
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.total).toBeLessThan(await unfilteredTotal(app, 'investors', token));
    await expect.poll(() => shownTotal(page, 'investors')).toBe(answer.total);
    for (const row of answer.results) {
      const value = row[field];
      expect(Array.isArray(value) ? value.some((v) => picked.includes(v)) : picked.includes(value)).toBe(true);
    }
    expect(await page.getByRole('button', { name: new RegExp(`^${label}:`) }).textContent()).toBe(`${picked[0]} +1`);
    searches.stop();
  });

  it('keeps drawer edits local until Apply, then sends them; Clear All empties every filter', async () => {
    const { app, page, token } = await open();
    const aum = (await app.callApi('GET', '/filters/investors/assets_under_management', undefined, token)).body
      .assets_under_management as unknown as OptionItem[];
    await pickInDropdown(page, 'Industry', [0]);
    await page.getByRole('button', { name: 'More Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'More Filters' });
    await drawer.getByText('Apply filters to table data.').waitFor();
    const searches = recordSearches(page, 'investors');

    const city = drawer.getByRole('region', { name: 'City' });
    await expect.poll(() => city.getByRole('checkbox').count()).toBe(5);
    const cityName = (await city.locator('label').first().textContent()) ?? '';
    await city.getByLabel(cityName).check();
    const aumGroup = drawer.getByRole('region', { name: 'Assets Under Management' });
    await aumGroup.getByLabel(aum[0].label).check();
    await drawer.getByRole('region', { name: 'Gender' }).getByLabel('Female', { exact: true }).check();
    await page.waitForTimeout(400);
    expect(searches.urls).toHaveLength(0);

    const applied = await searchAfter(page, 'investors', () => drawer.getByRole('button', { name: 'Apply' }).click());
    await drawer.waitFor({ state: 'detached' });
    expect(applied.searchParams.getAll('cities')).toEqual([cityName]);
    expect(applied.searchParams.getAll('assets_under_management')).toEqual([aum[0].value]);
    expect(applied.searchParams.get('gender')).toBe('Female');
    expect(applied.searchParams.getAll('industries')).toHaveLength(1);
    const answer = await expectShowsAnswerTo(app, page, applied, token);
    expect(answer.results.every((r) => r.city === cityName && r.gender === 'Female')).toBe(true);
    await page.getByRole('button', { name: 'More Filters, 3 applied' }).waitFor();

    // Closing without Apply drops the edits.
    await page.getByRole('button', { name: 'More Filters' }).click();
    await drawer.getByRole('region', { name: 'Gender' }).getByLabel('Male', { exact: true }).check();
    await drawer.getByRole('button', { name: 'Close filters' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    expect(searches.last().searchParams.get('gender')).toBe('Female');

    await page.getByRole('button', { name: 'More Filters' }).click();
    await drawer.getByRole('region', { name: 'City' }).getByRole('button', { name: 'Clear City' }).click();
    // The unfiltered first page is still fresh in the cache, so no call need go out for it.
    await drawer.getByRole('button', { name: 'Clear All' }).click();
    await drawer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    const total = await unfilteredTotal(app, 'investors', token);
    await expect.poll(() => shownTotal(page, 'investors')).toBe(total);
    expect(await page.getByRole('button', { name: /^Industry:/ }).textContent()).toBe('Any industry');
    await page.getByRole('button', { name: 'More Filters', exact: true }).waitFor();
    searches.stop();
  });

  it.concurrent('shows a 5+ option group 5 at a time with a search box, 10 more per click', async ({ expect }) => {
    const { page } = await open();
    await page.getByRole('button', { name: 'More Filters' }).click();
    const city = page.getByRole('dialog', { name: 'More Filters' }).getByRole('region', { name: 'City' });
    await expect.poll(() => city.getByRole('checkbox').count()).toBe(5);
    await city.getByRole('button', { name: 'Show 10 more' }).click();
    expect(await city.getByRole('checkbox').count()).toBe(15);
    const last = (await city.locator('label').nth(14).textContent()) ?? '';
    await city.getByRole('textbox', { name: 'Search City' }).fill(last);
    await expect.poll(() => city.locator('label').allTextContents()).toContain(last);
    await page.keyboard.press('Escape');
  });

  it('sends one call for a fast-typed search and starts again at page 1', async () => {
    const { app, page, token } = await open('/investors');
    const second = await searchAfter(page, 'investors', () => page.getByRole('button', { name: 'Next' }).click());
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    // Typed once page 2 shows, so the keystrokes do not wait on its rendering.
    await expectShowsAnswerTo(app, page, second, token);
    const searches = recordSearches(page, 'investors');
    await page.getByRole('searchbox', { name: 'Search investors' }).pressSequentially('partner', { delay: 15 });
    await expect.poll(() => searches.urls.length, { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(600);
    expect(searches.urls).toHaveLength(1);
    expect(searches.urls[0].searchParams.get('search_term')).toBe('partner');
    expect(searches.urls[0].searchParams.get('page')).toBe('1');
    const answer = await expectShowsAnswerTo(app, page, searches.urls[0], token);
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.total).toBeLessThan(await unfilteredTotal(app, 'investors', token));
    searches.stop();
  });

  it.concurrent('pages with Previous, Next and the page numbers, and a filter change goes back to page 1', async ({ expect }) => {
    const { app, page, token } = await open();
    const first = await shownIds(page);
    const second = await searchAfter(page, 'investors', () => page.getByRole('button', { name: 'Next' }).click());
    expect(second.searchParams.get('page')).toBe('2');
    await expectShowsAnswerTo(app, page, second, token);
    expect(await shownIds(page)).not.toEqual(first);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    const lastPage = Math.ceil((await unfilteredTotal(app, 'investors', token)) / 15);
    const last = await searchAfter(page, 'investors', () => page.getByRole('button', { name: `Page ${lastPage}` }).click());
    expect(last.searchParams.get('page')).toBe(String(lastPage));
    await expectShowsAnswerTo(app, page, last, token);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    const previous = await searchAfter(page, 'investors', () => page.getByRole('button', { name: 'Previous' }).click());
    expect(previous.searchParams.get('page')).toBe(String(lastPage - 1));

    const filtered = recordSearches(page, 'investors');
    await pickInDropdown(page, 'Located in', [0]);
    await expect.poll(() => filtered.urls.length).toBeGreaterThan(0);
    expect(filtered.last().searchParams.get('page')).toBe('1');
    expect(new URL(page.url()).searchParams.has('page')).toBe(false);
    filtered.stop();
  });

  it.concurrent('restores filters, search and page from a shared URL, and Back restores the previous view', async ({ expect }) => {
    const { app, page, token, session } = await open();
    const searches = recordSearches(page, 'investors');
    const [stage] = await pickInDropdown(page, 'Investment state', [2]);
    await expect.poll(() => searches.urls.length).toBe(1);
    const firstPage = searches.last();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    const shared = page.url();

    const other = await (
      await app.newContext({
        storageState: {
          cookies: [],
          origins: [
            {
              origin: app.baseUrl,
              localStorage: [
                { name: 'fundscape.access_token', value: token },
                { name: 'fundscape.refresh_token', value: session.tokens.refresh_token },
              ],
            },
          ],
        },
      })
    ).newPage();
    const restored = await searchAfter(other, 'investors', () => other.goto(shared));
    expect(restored.searchParams.getAll('stages')).toEqual([stage]);
    expect(restored.searchParams.get('page')).toBe('2');
    await expectShowsAnswerTo(app, other, restored, token);
    expect(await other.getByRole('button', { name: /^Investment state:/ }).textContent()).toBe(stage);
    expect(await other.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await other.reload();
    await expect.poll(() => other.getByRole('button', { name: /^Investment state:/ }).textContent()).toBe(stage);
    await expectShowsAnswerTo(app, other, restored, token);
    await other.close();

    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.has('page')).toBe(false);
    await expectShowsAnswerTo(app, page, firstPage, token);
    expect(await page.getByRole('button', { name: /^Investment state:/ }).textContent()).toBe(stage);
    searches.stop();
  });

  it.concurrent('opens an investor on a row click, but not on its checkbox', async ({ expect }) => {
    const { page } = await open();
    const [firstId] = await shownIds(page);
    const row = gridRow(page, firstId);
    await row.getByRole('checkbox').click();
    expect(new URL(page.url()).pathname).toBe('/investors');
    expect(await row.getByRole('checkbox').isChecked()).toBe(true);
    await row.locator('[data-field="contact_title"]').click();
    await page.waitForURL(`**/investor/${firstId}`);
  });

  it.concurrent('shows a clear empty state when nothing matches', async ({ expect }) => {
    const { page } = await open();
    await page.getByRole('searchbox', { name: 'Search investors' }).fill('zzzz-no-such-investor');
    await page.getByText('No investors match').waitFor();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect.poll(() => shownIds(page).then((ids) => ids.length)).toBe(15);
  });
});
