// What the data grid gives a founder on every table, in Chromium against the built app: the grid is
// one tab stop with arrow keys between cells, Space selecting and Enter opening the row; the pager's page
// window; hidden columns and density remembered per user across reloads and offline; the list page
// sorted by a header click.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Investor, ListSummary } from '../../src/shared/api-types';
import { describeE2E, useE2EApp } from '../helpers/e2e';
import { GRID_HEADER, GRID_ROW, gridRow, searchAfter, shownIds } from './catalogue-page';
import { investorsOf, waitForServiceWorker } from './offline-helpers';

/** What has focus: its role, the grid cell's field and the row's id when it is in the grid. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    const cell = element?.closest('[data-field]');
    return {
      inGrid: element?.closest('[role="grid"]') !== null,
      field: cell?.getAttribute('data-field') ?? null,
      rowId: Number(element?.closest('[data-id]')?.getAttribute('data-id') ?? NaN),
      tag: element?.tagName ?? null,
    };
  });
}

/** The page buttons the pager shows, with '…' for a gap. */
async function pageWindow(page: Page): Promise<string[]> {
  return page
    .getByRole('navigation', { name: 'Pagination' })
    .locator('li')
    .evaluateAll((items) => items.map((item) => item.textContent ?? ''));
}

async function headerFields(page: Page): Promise<string[]> {
  return page.locator(GRID_HEADER).evaluateAll((headers) => headers.map((h) => h.getAttribute('data-field') ?? ''));
}

describeE2E('data grid', () => {
  const e2e = useE2EApp();

  it('is one tab stop; arrow keys move between cells, Space selects the row and Enter opens it', async () => {
    const { page } = await e2e.app().loggedInPage('/investors');
    await page.locator(GRID_ROW).first().waitFor();
    const [first, second] = await shownIds(page);

    // From the last toolbar control, Tab enters the grid once and the next Tab leaves it.
    await page.getByRole('button', { name: 'Density' }).focus();
    await page.keyboard.press('Tab');
    expect((await focused(page)).inGrid).toBe(true);
    await page.keyboard.press('Tab');
    expect((await focused(page)).inGrid).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).inGrid).toBe(true);

    // Into the body, then around it.
    await gridRow(page, first).locator('[data-field="name"]').focus();
    expect(await focused(page)).toMatchObject({ field: 'name', rowId: first });
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toMatchObject({ field: 'contact_title', rowId: first });
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ field: 'contact_title', rowId: second });

    await page.keyboard.press('Space');
    await page.getByText('1 selected').waitFor();
    expect(await focused(page)).toMatchObject({ field: 'contact_title', rowId: second });
    // The row's checkbox may render just after the toolbar's count.
    await expect.poll(() => gridRow(page, second).getByRole('checkbox').isChecked()).toBe(true);
    expect(await gridRow(page, first).getByRole('checkbox').isChecked()).toBe(false);
    await page.keyboard.press('Space');
    await page.getByText('1 selected').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/investors');

    await page.keyboard.press('Enter');
    await page.waitForURL(`**/investor/${second}`);
  });

  it('shows 1 page at the edges and 3 around the current one, 1 on a phone', async () => {
    const app = e2e.app();
    const { page, tokens } = await app.loggedInPage('/investors');
    await page.locator(GRID_ROW).first().waitFor();
    const total = (await app.callApi('GET', '/investors/search?page=1&per_page=15', undefined, tokens.access_token)).body
      .total_pages as unknown as number;
    expect(total).toBeGreaterThan(12);
    const last = String(total);

    expect(await pageWindow(page)).toEqual(['1', '2', '3', '…', last]);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await searchAfter(page, 'investors', () => page.getByRole('button', { name: 'Page 3', exact: true }).click());
    expect(await pageWindow(page)).toEqual(['1', '2', '3', '4', '…', last]);
    await searchAfter(page, 'investors', () => page.getByRole('button', { name: 'Next' }).click());
    expect(await pageWindow(page)).toEqual(['1', '2', '3', '4', '5', '…', last]);
    await searchAfter(page, 'investors', () => page.getByRole('button', { name: 'Next' }).click());
    expect(await pageWindow(page)).toEqual(['1', '…', '4', '5', '6', '…', last]);
    await searchAfter(page, 'investors', () => page.getByRole('button', { name: `Page ${last}`, exact: true }).click());
    expect(await pageWindow(page)).toEqual(['1', '…', String(total - 2), String(total - 1), last]);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `Page ${last}`, exact: true }).getAttribute('aria-current')).toBe('page');

    // Pages seen before answer from the cache, so no call need go out: follow the URL instead.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Page 1', exact: true }).click();
    for (const next of ['2', '3', '4']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe(next);
    }
    await expect.poll(() => pageWindow(page)).toEqual(['1', '…', '4', '…', last]);
  });

  it("gives a catalogue grid its rows' height before it measures itself, at every density", async () => {
    // MUI X measures its body as it mounts, before laying out a row; if the rows then make the body
    // taller, it renders the whole grid once more. The body's minimum height is the rows' own, exactly:
    // not shorter (the second render) and not taller (a gap under the last row).
    const { page } = await e2e.app().loggedInPage('/investors');
    const layout = () =>
      page.evaluate(() => {
        const main = document.querySelector<HTMLElement>('.MuiDataGrid-main')!;
        const rows = main.querySelectorAll('.MuiDataGrid-row');
        return {
          rows: rows.length,
          minHeight: getComputedStyle(main).minHeight,
          height: main.getBoundingClientRect().height,
          gapUnderLastRow: main.getBoundingClientRect().bottom - rows[rows.length - 1].getBoundingClientRect().bottom,
        };
      });
    for (const density of ['Standard', 'Compact', 'Comfortable']) {
      if (density !== 'Standard') {
        await page.getByRole('button', { name: 'Density' }).click();
        await page.getByRole('menuitemradio', { name: density }).click();
      }
      await page.reload();
      await page.locator(GRID_ROW).nth(14).waitFor();
      const { rows, minHeight, height, gapUnderLastRow } = await layout();
      expect({ density, rows, minHeight, gapUnderLastRow }).toEqual({ density, rows: 15, minHeight: `${height}px`, gapUnderLastRow: 0 });
    }
  });

  it('remembers hidden columns and density per user and table, across a reload and offline', async () => {
    const app = e2e.app();
    const { page, user } = await app.loggedInPage('/investors', { context: { serviceWorkers: 'allow' } });
    await waitForServiceWorker(page);
    await page.locator(GRID_ROW).first().waitFor();
    expect(await headerFields(page)).toContain('email');

    await page.getByRole('button', { name: 'Columns' }).click();
    const panel = page.locator('.MuiDataGrid-panel');
    await panel.getByRole('checkbox', { name: 'Email', exact: true }).uncheck();
    // The select column cannot be hidden from here.
    expect(await panel.getByRole('checkbox', { name: 'Checkbox selection' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => headerFields(page)).not.toContain('email');
    expect(await headerFields(page)).toContain('gender');

    const rowHeight = async () => (await page.locator(GRID_ROW).first().boundingBox())!.height;
    const standard = await rowHeight();
    await page.getByRole('button', { name: 'Density' }).click();
    await page.getByRole('menuitemradio', { name: 'Compact' }).click();
    await expect.poll(rowHeight).toBeLessThan(standard);
    const compact = await rowHeight();

    await page.reload();
    await page.locator(GRID_ROW).first().waitFor();
    expect(await headerFields(page)).not.toContain('email');
    expect(await rowHeight()).toBe(compact);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
    await page.locator(GRID_ROW).first().waitFor();
    expect(await headerFields(page)).not.toContain('email');
    expect(await rowHeight()).toBe(compact);
    await page.context().setOffline(false);

    // The funds table keeps its own choices, and so does another founder on this browser.
    await page.goto('/funds');
    await page.locator(GRID_ROW).first().waitFor();
    expect(await headerFields(page)).toContain('contact_email');
    const other = await app.loggedInPage('/investors');
    await other.page.locator(GRID_ROW).first().waitFor();
    expect(await headerFields(other.page)).toContain('email');
    expect(user.email).not.toBe(other.user.email);
  });

  it('sorts a list by a header click, amounts by their number', async () => {
    const app = e2e.app();
    const { page, tokens } = await app.loggedInPage('/investors');
    const investors = await investorsOf(app, tokens.access_token, 6);
    const created = await app.callApi('POST', '/lists', { name: 'Sorted', description: '', list_type: 'investor' }, tokens.access_token);
    const list = created.body as unknown as ListSummary;
    await app.callApi('POST', `/lists/${list.id}/investors/batch`, { investor_ids: investors.map((i) => i.id) }, tokens.access_token);
    await page.goto(`/lists/${list.id}`);
    await expect.poll(() => shownIds(page).then((ids) => ids.length), { timeout: 10_000 }).toBe(6);

    const byName = (a: Investor, b: Investor) =>
      `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`, undefined, { numeric: true, sensitivity: 'base' });
    await page.locator('[role="columnheader"][data-field="name"] .MuiDataGrid-columnHeaderTitleContainer').click();
    await expect.poll(() => shownIds(page)).toEqual([...investors].sort(byName).map((i) => i.id));

    const amount = (i: Investor) => (Number.isFinite(Number(i.capital_managed)) ? Number(i.capital_managed) : Infinity);
    const byAmount = [...investors].sort((a, b) => amount(a) - amount(b) || 0).map((i) => i.id);
    // Columns off screen are not rendered: scroll the grid, a part of its width at a time, until this one is.
    const amountHeader = page.locator('[role="columnheader"][data-field="capital_managed"] .MuiDataGrid-columnHeaderTitleContainer');
    await expect
      .poll(async () => {
        if ((await amountHeader.count()) > 0) return true;
        await page.locator('.MuiDataGrid-virtualScroller').evaluate((scroller) => scroller.scrollBy(400, 0));
        return false;
      })
      .toBe(true);
    await amountHeader.click();
    await expect.poll(() => shownIds(page).then((ids) => ids.map((id) => amount(investors.find((i) => i.id === id)!)))).toEqual(
      byAmount.map((id) => amount(investors.find((i) => i.id === id)!)),
    );
  });
});
