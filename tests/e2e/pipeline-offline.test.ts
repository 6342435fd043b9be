// The pipeline offline, in headless Chromium against the built app: a stage changed offline shows at
// once, marked pending, and lands exactly once when the connection is back; a later change from another
// device is kept and the founder told so; a note added offline survives the tab being closed and lands
// exactly once when the app is opened again.
import { expect, it } from 'vitest';
import { describeE2E, useE2EApp } from '../helpers/e2e.js';
import { countStoredRows } from './offline-helpers.js';
import { fullName, patchRow, pipelineSetUp, screenshot, serverNotes, serverPipeline } from './pipeline-helpers.js';

describeE2E('pipeline offline', () => {
  const e2e = useE2EApp({ serviceWorkers: 'allow' });

  it('shows a stage changed offline as pending and sends it exactly once when back online', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Offline stage');
    const { page, context, investors } = setup;
    const [investor] = investors;
    const patches: string[] = [];
    context.on('response', (response) => {
      if (response.request().method() === 'PATCH' && response.url().endsWith(`/lists/${setup.list.id}/investors/${investor.id}`)) {
        patches.push(`${response.status()}`);
      }
    });
    await page.goto(`/lists/${setup.list.id}`);
    const stage = page.getByRole('combobox', { name: `Stage of ${fullName(investor)}` });
    await stage.waitFor();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await stage.click();
    await page.getByRole('option', { name: 'Term sheet' }).click();
    await expect.poll(() => stage.textContent()).toBe('Term sheet');
    await page.getByRole('img', { name: 'Stage: pending sync' }).waitFor();
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(1);
    await screenshot(page, 'table-offline-pending');
    expect((await serverPipeline(app, setup, investor)).stage).toBe('lead');

    await context.setOffline(false);
    await expect.poll(async () => (await serverPipeline(app, setup, investor)).stage).toBe('term_sheet');
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(0);
    await expect.poll(() => page.getByRole('img', { name: 'Stage: pending sync' }).count()).toBe(0);
    expect(await stage.textContent()).toBe('Term sheet');

    // Nothing is sent twice: a reload replays nothing.
    await page.reload();
    await page.getByRole('combobox', { name: `Stage of ${fullName(investor)}` }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(patches).toEqual(['200']);
  });

  it('keeps a later change made on another device and says which value was kept', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Two devices');
    const { page, context, investors } = setup;
    const [investor] = investors;
    await page.goto(`/lists/${setup.list.id}?view=board`);
    await page.getByRole('region', { name: 'Lead', exact: true }).getByText(fullName(investor)).waitFor();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.getByRole('button', { name: `Move to… ${fullName(investor)}` }).click();
    await page.getByRole('menuitem', { name: 'Meeting' }).click();
    await page.getByRole('region', { name: 'Meeting', exact: true }).getByText(fullName(investor)).waitFor();
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(1);
    // Another device moves the same row later, while this one is offline.
    await patchRow(app, setup, investor, { stage: 'committed', changed_at: new Date(Date.now() + 1000).toISOString() });

    await context.setOffline(false);
    await page.getByText('Another device changed Stage later; kept Committed.').waitFor();
    await page.getByRole('region', { name: 'Committed', exact: true }).getByText(fullName(investor)).waitFor();
    expect((await serverPipeline(app, setup, investor)).stage).toBe('committed');
  });

  it('keeps a note added offline when the tab is closed and sends it once when the app is opened again', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Offline notes');
    const { page, context, investors } = setup;
    const [investor] = investors;
    await page.goto(`/investor/${investor.id}`);
    const panel = page.getByRole('region', { name: 'Offline notes' });
    await panel.getByText('No notes yet.').waitFor();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await panel.getByRole('textbox', { name: 'Add a note for Offline notes' }).fill('Met at the demo day; wants the Q3 numbers.');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await panel.getByRole('listitem').filter({ hasText: 'Met at the demo day; wants the Q3 numbers.' }).waitFor();
    await panel.getByRole('img', { name: 'Note: pending sync' }).waitFor();
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(1);
    await screenshot(page, 'detail-offline-note');
    await page.close();
    expect(await serverNotes(app, setup, investor)).toEqual([]);

    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto('/investors');
    // The outbox drains after the page's first paint and an idle moment (at most 2 s after its load).
    await expect.poll(async () => (await serverNotes(app, setup, investor)).map((note) => note.body), { timeout: 10_000 }).toEqual([
      'Met at the demo day; wants the Q3 numbers.',
    ]);
    await expect.poll(() => countStoredRows(reopened, 'outbox')).toBe(0);

    // Once there, it shows as saved (deletable), and a reload sends nothing again.
    await reopened.goto(`/investor/${investor.id}`);
    const reopenedPanel = reopened.getByRole('region', { name: 'Offline notes' });
    await reopenedPanel.getByRole('listitem').filter({ hasText: 'Met at the demo day; wants the Q3 numbers.' }).waitFor();
    await reopenedPanel.getByRole('button', { name: /^Delete note of / }).waitFor();
    await screenshot(reopened, 'detail-desktop');
    await reopened.reload();
    await reopenedPanel.getByRole('listitem').filter({ hasText: 'Met at the demo day; wants the Q3 numbers.' }).waitFor();
    expect(await serverNotes(app, setup, investor)).toHaveLength(1);

    // A note is deletable by its author.
    await reopenedPanel.getByRole('button', { name: /^Delete note of / }).click();
    await reopenedPanel.getByText('No notes yet.').waitFor();
    expect(await serverNotes(app, setup, investor)).toEqual([]);
  });
});
