// Helpers for the table pages' browser suites: the search calls the page sends, the rows it shows,
// and the same call made straight to the API to compare with.
import type { Page, Request } from 'playwright-core';
import type { E2EApp } from '../helpers/e2e';

export type Catalogue = 'investors' | 'funds';

/** Every GET /api/v1/{catalogue}/search the page sends from now on, as URLs. */
export function recordSearches(page: Page, catalogue: Catalogue) {
  const urls: URL[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === `/api/v1/${catalogue}/search`) urls.push(url);
  };
  page.on('request', onRequest);
  return {
    urls,
    last(): URL {
      const url = urls.at(-1);
      if (!url) throw new Error(`no ${catalogue} search was sent`);
      return url;
    },
    stop: () => page.off('request', onRequest),
  };
}

/** Runs `action` and answers the search call it makes, once its answer has arrived. */
export async function searchAfter(page: Page, catalogue: Catalogue, action: () => Promise<unknown>): Promise<URL> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/${catalogue}/search`),
    action(),
  ]);
  return new URL(response.url());
}

export interface SearchAnswer<R> {
  results: R[];
  total: number;
  total_pages: number;
}

/** The same search, asked of the API directly with the page's user's token. */
export async function askApi<R>(app: E2EApp, url: URL, token: string): Promise<SearchAnswer<R>> {
  const answer = await app.callApi('GET', `${url.pathname.replace('/api/v1', '')}${url.search}`, undefined, token);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  return answer.body as unknown as SearchAnswer<R>;
}

/** How many rows the catalogue holds, asked of the API without any filter. */
export async function unfilteredTotal(app: E2EApp, catalogue: Catalogue, token: string): Promise<number> {
  return (await askApi(app, new URL(`${app.baseUrl}/api/v1/${catalogue}/search?page=1&per_page=15`), token)).total;
}

/** The grid's data rows (its loading skeleton's rows have no id). */
export const GRID_ROW = '.MuiDataGrid-row[data-id]';
/** The grid's column headers, without the select column's. */
export const GRID_HEADER = '[role="columnheader"][data-field]:not([data-field="__check__"])';

/** The grid row of this id. */
export function gridRow(page: Page, id: number) {
  return page.locator(`.MuiDataGrid-row[data-id="${id}"]`);
}

/** The ids of the rows the grid shows, in order. */
export async function shownIds(page: Page): Promise<number[]> {
  const ids = await page.locator(GRID_ROW).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));
  return ids.map(Number);
}

/** Waits until the grid shows exactly these rows. */
export async function waitForRows(page: Page, ids: number[], timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const shown = await shownIds(page);
    if (JSON.stringify(shown) === JSON.stringify(ids)) return;
    if (Date.now() > deadline) throw new Error(`the grid shows ${JSON.stringify(shown)}, expected ${JSON.stringify(ids)}`);
    await page.waitForTimeout(100);
  }
}

/** The count in the page's subtitle: '5,000 investors' or '12 investors match'. */
export async function shownTotal(page: Page, catalogue: Catalogue): Promise<number> {
  const text = await page.getByText(new RegExp(`^[\\d,]+ ${catalogue}( match)?$`)).textContent();
  return Number(text?.split(' ')[0].replace(/,/g, ''));
}

/** Opens a top dropdown, ticks its options at the given positions and closes it by clicking outside. */
export async function pickInDropdown(page: Page, label: string, positions: number[]): Promise<string[]> {
  await page.getByRole('button', { name: new RegExp(`^${label}:`) }).click();
  const listbox = page.getByRole('listbox', { name: label });
  await listbox.waitFor();
  const picked: string[] = [];
  for (const position of positions) {
    const option = listbox.getByRole('option').nth(position);
    picked.push((await option.textContent()) ?? '');
    await option.click();
  }
  await page.getByRole('heading', { level: 1 }).click();
  await listbox.waitFor({ state: 'detached' });
  return picked;
}
