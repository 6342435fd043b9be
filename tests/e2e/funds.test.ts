// The Funds page in Chromium against the real server and its seeded catalogue.
import { expect, it } from 'vitest';
import type { Fund, OptionItem } from '../../src/shared/api-types';
import { describeE2E, useE2EApp } from '../helpers/e2e';
import { askApi, GRID_HEADER, GRID_ROW, gridRow, pickInDropdown, recordSearches, searchAfter, shownIds, shownTotal, waitForRows } from './catalogue-page';

describeE2E('funds page', () => {
  const e2e = useE2EApp();

  const open = async () => {
    const app = e2e.app();
    const session = await app.loggedInPage('/funds');
    await session.page.locator(GRID_ROW).first().waitFor();
    return { app, page: session.page, token: session.tokens.access_token };
  };

  it('shows 15 funds a page with the spec columns and the catalogue total', async () => {
    const { app, page, token } = await open();
    const answer = await askApi<Fund>(app, new URL(`${app.baseUrl}/api/v1/funds/search?page=1&per_page=15`), token);
    await waitForRows(page, answer.results.map((r) => r.id));
    expect(await shownTotal(page, 'funds')).toBe(answer.total);
    await expect.poll(() => page.title()).toBe('Funds | Fundscape');
    const headers = await page.locator(GRID_HEADER).allTextContents();
    expect(headers.slice(0, 4)).toEqual(['Firm name', 'Investors', 'Title', 'Emails']);
    for (const [label, placeholder] of [
      ['Investment state', 'Any stage'],
      ['Industry', 'Any industry'],
      ['Located in', 'Any country'],
      ['Fund type', 'Any type'],
    ]) {
      expect(await page.getByRole('button', { name: new RegExp(`^${label}:`) }).textContent()).toBe(placeholder);
    }
  });

  it('narrows by a top filter and sends its repeated keys to the funds search', async () => {
    const { app, page, token } = await open();
    const total = await shownTotal(page, 'funds');
    const searches = recordSearches(page, 'funds');
    const picked = await pickInDropdown(page, 'Located in', [0, 1]);
    await expect.poll(() => searches.last().searchParams.getAll('countries')).toEqual(picked);
    const answer = await askApi<Fund>(app, searches.last(), token);
    await waitForRows(page, answer.results.map((r) => r.id));
    expect(answer.total).toBeLessThan(total);
    expect(answer.results.every((fund) => picked.includes(fund.firm_country))).toBe(true);
    searches.stop();
  });

  it('applies the drawer groups, Gender Ratio included, and Clear All empties every fund filter', async () => {
    const { app, page, token } = await open();
    const total = await shownTotal(page, 'funds');
    const ratios = (await app.callApi('GET', '/filters/investment-funds/gender-ratio', undefined, token)).body
      .gender_ratio as unknown as OptionItem[];
    expect(ratios.length).toBeGreaterThan(0);
    await pickInDropdown(page, 'Fund type', [0]);
    await page.getByRole('button', { name: 'More Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'More Filters' });
    const groups = await drawer.locator('section h3').evaluateAll((headings) =>
      headings.map((h) => h.firstChild?.textContent),
    );
    expect(groups).toEqual([
      'City',
      'State',
      'Assets Under Management',
      'Minimum Investment',
      'Maximum Investment',
      'Number Of Investors',
      'Gender Ratio',
    ]);
    await drawer.getByRole('region', { name: 'Gender Ratio' }).getByLabel(ratios[0].label, { exact: true }).check();
    const applied = await searchAfter(page, 'funds', () => drawer.getByRole('button', { name: 'Apply' }).click());
    expect(applied.searchParams.getAll('gender_ratio')).toEqual([ratios[0].value]);
    expect(applied.searchParams.getAll('fund_types')).toHaveLength(1);
    const answer = await askApi<Fund>(app, applied, token);
    await waitForRows(page, answer.results.map((r) => r.id));

    await page.getByRole('button', { name: /^More Filters/ }).click();
    // The unfiltered first page is still fresh in the cache, so no call need go out for it.
    await drawer.getByRole('button', { name: 'Clear All' }).click();
    await drawer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => shownTotal(page, 'funds')).toBe(total);
    expect(await page.getByRole('button', { name: /^Fund type:/ }).textContent()).toBe('Any type');
  });

  it('selects the whole page with select-all and opens a fund on a row click', async () => {
    const { page } = await open();
    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    await page.getByText('15 selected').waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows' }).uncheck();
    await page.getByText('15 selected').waitFor({ state: 'detached' });
    const [firstId] = await shownIds(page);
    await gridRow(page, firstId).locator('[data-field="firm_name"]').click();
    await page.waitForURL(`**/fund/${firstId}`);
  });
});
