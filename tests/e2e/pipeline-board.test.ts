// The list page's pipeline in headless Chromium against the built app: the Board view (kept in the
// URL), a card moved by keyboard, by drag and by its "Move to…" menu, each landing on the server; the
// table's Stage column; /follow-ups with an overdue row and the sidebar's count; the CSV's pipeline
// columns; and axe on the board and /follow-ups.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, useE2EApp } from '../helpers/e2e.js';
import { expectNoSeriousViolations } from './axe.js';
import { chooseMoreAction } from './list-page.js';
import { dayFromToday, fullName, patchRow, pipelineSetUp, screenshot, serverPipeline } from './pipeline-helpers.js';

describeE2E('pipeline: board, follow-ups and export', () => {
  const e2e = useE2EApp();

  const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });

  it('moves a card between stages by keyboard, by drag and by its menu, and keeps the view in the URL', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Seed round');
    const { page, investors } = setup;
    const [first, second, third] = investors;
    await patchRow(app, setup, third, { amount: 250000, follow_up_on: dayFromToday(3) });

    await page.goto(`/lists/${setup.list.id}`);
    await page.getByRole('button', { name: 'Board' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('board');
    await column(page, 'Lead').getByText(fullName(first)).waitFor();
    await column(page, 'Lead').getByTestId('board-card').getByText('$250,000').waitFor();
    await screenshot(page, 'board-desktop');
    await expectNoSeriousViolations(page, 'the board');

    // Keyboard: pick the card up by its handle, one stage to the right, drop.
    await page.getByRole('button', { name: `Move ${fullName(first)}`, exact: true }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(150);
    await page.keyboard.press('Space');
    await column(page, 'Contacted').getByText(fullName(first)).waitFor();
    await expect.poll(async () => (await serverPipeline(app, setup, first)).stage).toBe('contacted');
    // dnd-kit's live region told a screen reader where it went.
    await page.getByText(`${fullName(first)} moved to Contacted.`).waitFor({ state: 'attached' });

    // Pointer: drag the second card onto Meeting.
    const card = column(page, 'Lead').getByTestId('board-card').filter({ hasText: fullName(second) });
    // Until the keyboard drop's animation ends, its overlay may lie over this card and take the press.
    await page.getByTestId('board-drag-overlay').waitFor({ state: 'detached' });
    const from = await card.boundingBox();
    const to = await column(page, 'Meeting').boundingBox();
    if (!from || !to) throw new Error('the card or the column is not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + 30, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 15 });
    await page.mouse.up();
    await column(page, 'Meeting').getByText(fullName(second)).waitFor();
    await expect.poll(async () => (await serverPipeline(app, setup, second)).stage).toBe('meeting');

    // The "Move to…" menu.
    await page.getByRole('button', { name: `Move to… ${fullName(third)}` }).click();
    await page.getByRole('menuitem', { name: 'Term sheet' }).click();
    await column(page, 'Term sheet').getByText(fullName(third)).waitFor();
    await expect.poll(async () => (await serverPipeline(app, setup, third)).stage).toBe('term_sheet');
    await column(page, 'Term sheet').getByTestId('board-card').getByText('$250,000').waitFor();

    // The board survives a reload (the view is in the URL); an unknown view is the table.
    await page.reload();
    await column(page, 'Meeting').getByText(fullName(second)).waitFor();
    await page.goto(`/lists/${setup.list.id}?view=nonsense`);
    await page.getByRole('grid').waitFor();
    expect(await page.getByRole('region', { name: 'Lead', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');

    // The table's Stage column, a select in the cell.
    await page.getByRole('combobox', { name: `Stage of ${fullName(first)}` }).click();
    await page.getByRole('option', { name: 'Committed' }).click();
    await expect.poll(async () => (await serverPipeline(app, setup, first)).stage).toBe('committed');
    await page.waitForURL(new RegExp(`/lists/${setup.list.id}\\?view=nonsense$|/lists/${setup.list.id}$`));
    // And by keyboard: Enter opens the select's menu, the arrows choose, Enter picks.
    await page.getByRole('combobox', { name: `Stage of ${fullName(third)}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await serverPipeline(app, setup, third)).stage).toBe('committed');
    await screenshot(page, 'table-desktop');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/lists/${setup.list.id}?view=board`);
    await column(page, 'Lead').waitFor();
    await screenshot(page, 'board-phone');
  });

  it('shows an overdue row on /follow-ups, counts it in the sidebar, and exports the pipeline in the CSV', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Series A');
    const { page, investors } = setup;
    const [late, soon] = investors;
    await patchRow(app, setup, late, { stage: 'meeting', follow_up_on: dayFromToday(-2), amount: 500000 });
    await patchRow(app, setup, soon, { follow_up_on: dayFromToday(4) });
    const noted = await app.callApi('POST', `/lists/${setup.list.id}/investors/${late.id}/notes`, { body: 'Asked for the deck, "v2"' }, setup.accessToken);
    expect(noted.status).toBe(201);

    await page.goto('/follow-ups');
    const overdue = page.getByRole('region', { name: 'Overdue' });
    await overdue.getByText(fullName(late)).waitFor();
    await overdue.getByRole('link', { name: 'Series A' }).waitFor();
    await page.getByRole('region', { name: 'Next 7 days' }).getByText(fullName(soon)).waitFor();
    await page.getByRole('link', { name: /^Follow-ups\s*1 due$/ }).waitFor();
    await screenshot(page, 'follow-ups-desktop');
    await expectNoSeriousViolations(page, '/follow-ups');

    await overdue.getByRole('link', { name: 'Series A' }).click();
    await page.waitForURL(new RegExp(`/lists/${setup.list.id}$`));
    const downloading = page.waitForEvent('download');
    await chooseMoreAction(page, 'Export CSV');
    const download = await downloading;
    const csv = readFileSync((await download.path())!, 'utf8');
    const [header, ...lines] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header.endsWith('Stage,Next follow-up,Amount (USD),Last contacted,Answered,Notes')).toBe(true);
    const lateLine = lines.find((line) => line.includes(late.last_name));
    expect(lateLine).toContain(`Meeting,${dayFromToday(-2)},500000,`);
    expect(lateLine).toContain('Asked for the deck, ""v2""');
    const soonLine = lines.find((line) => line.includes(soon.last_name));
    expect(soonLine).toContain(`Lead,${dayFromToday(4)},,`);
  });
});
