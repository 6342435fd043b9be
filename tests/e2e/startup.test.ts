// Your startup in Chromium against the built app, as a founder uses it: the form refuses what the
// server would, the profile saved is the one the server holds, and the round's progress ("$X of $Y
// committed · N days to close", with what is in term sheets and meetings) shows on /startup and atop the
// sidebar's lists. Offline: edits show at once, marked pending, survive a reload, and each lands once
// when back online; another device's later edit is the one kept.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, useE2EApp } from '../helpers/e2e';
import { SAMPLE_STARTUP } from '../helpers/startup-profile';
import { choose, chooseIndustries, serverProfile, startupPageWithProfile } from './startup-helpers';
import { countStoredRows } from './offline-helpers';
import { dayFromToday, patchRow, pipelineSetUp } from './pipeline-helpers';
import { screenshotFor } from './screenshots';

/** The whole page, when STARTUP_SCREENSHOTS names a folder. */
const screenshot = screenshotFor('STARTUP_SCREENSHOTS');

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label });

describeE2E('your startup', () => {
  const e2e = useE2EApp();

  it('saves the profile filled in as a founder would and shows the round against the pipeline', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'Seed round', 3);
    const [lead, second, third] = setup.investors;
    await patchRow(app, setup, lead, { stage: 'committed', amount: 250_000 });
    await patchRow(app, setup, second, { stage: 'term_sheet', amount: 500_000 });
    await patchRow(app, setup, third, { stage: 'meeting', amount: 100_000 });
    const { page } = setup;

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your startup' }).click();
    await page.waitForURL('**/startup');
    await page.getByRole('heading', { name: 'Your startup', level: 1 }).waitFor();
    expect(await page.title()).toBe('Your startup | Fundscape');
    // No profile, no round.
    expect(await page.getByRole('progressbar').count()).toBe(0);

    // Sent empty, every required field says so; nothing leaves the browser.
    const puts: number[] = [];
    page.context().on('response', (response) => {
      if (response.request().method() === 'PUT' && response.url().endsWith('/api/v1/startup')) puts.push(response.status());
    });
    await page.getByRole('button', { name: 'Save profile' }).click();
    for (const message of [
      'Company name is required',
      'Stage is required',
      'Choose at least one industry',
      'Where you are is required',
      'Financing type is required',
      'Amount raised is required',
      'Target close date is required',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }

    await field(page, 'Company name').fill(SAMPLE_STARTUP.name);
    await page.getByText('Company name is required').waitFor({ state: 'detached' });
    await field(page, 'One-line pitch').fill(SAMPLE_STARTUP.pitch!);
    await choose(page, 'Stage you raise at', 'Seed');
    await choose(page, 'Financing type', 'Equity');
    await chooseIndustries(page, SAMPLE_STARTUP.industries);
    await choose(page, 'Where you are', SAMPLE_STARTUP.geography);
    await field(page, 'Amount raised (USD)').fill('2500000.50');
    await page.getByText('Enter a whole number of dollars, e.g. 2,500,000').waitFor();
    await field(page, 'Amount raised (USD)').fill('2,500,000');
    await page.getByText('Enter a whole number of dollars, e.g. 2,500,000').waitFor({ state: 'detached' });
    await page.getByLabel('Target close date').fill(dayFromToday(30));
    expect(puts).toEqual([]);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your startup profile is saved; investors are ranked by it.').waitFor();
    expect(await serverProfile(app, setup.accessToken)).toEqual({ ...SAMPLE_STARTUP, close_on: dayFromToday(30) });
    expect(puts).toEqual([200]);

    // The round, on the page and atop the sidebar's lists: what is committed against the amount raised.
    const line = '$250,000 of $2,500,000 committed · 30 days to close';
    const round = page.getByRole('region', { name: 'Your round' });
    await round.getByText(line, { exact: true }).waitFor();
    await round.getByText('In term sheets $500,000 · In meetings $100,000', { exact: true }).waitFor();
    const bar = round.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('10');
    await page.getByRole('navigation', { name: 'Lists' }).getByText(line, { exact: true }).waitFor();
    await screenshot(page, 'startup-desktop');

    // A close date in the past says how long ago it passed.
    await page.getByLabel('Target close date').fill(dayFromToday(-3));
    await page.getByRole('button', { name: 'Save profile' }).click();
    await round.getByText('$250,000 of $2,500,000 committed · close date passed 3 days ago', { exact: true }).waitFor();
    await page
      .getByRole('navigation', { name: 'Lists' })
      .getByText('$250,000 of $2,500,000 committed · close date passed 3 days ago', { exact: true })
      .waitFor();

    // A change in the pipeline moves the round once it lands.
    await patchRow(app, setup, second, { stage: 'committed' });
    await page.goto('/startup');
    await round.getByText('$750,000 of $2,500,000 committed · close date passed 3 days ago', { exact: true }).waitFor();
    await round.getByText('In term sheets $0 · In meetings $100,000', { exact: true }).waitFor();

    // On a phone: the page, and the round atop the lists in the drawer.
    await page.setViewportSize({ width: 390, height: 844 });
    await round.getByText('$750,000 of $2,500,000 committed · close date passed 3 days ago', { exact: true }).waitFor();
    await screenshot(page, 'startup-phone');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawerRound = page
      .getByRole('navigation', { name: 'Lists' })
      .getByText('$750,000 of $2,500,000 committed · close date passed 3 days ago', { exact: true });
    await drawerRound.waitFor();
    // Once the drawer has slid all the way in.
    await expect.poll(async () => (await drawerRound.boundingBox())?.x ?? -1).toBeGreaterThan(10);
    await screenshot(page, 'startup-phone-drawer');
  });

  it('shows edits made offline at once, marked pending, across a reload, and lands each once when back online', async () => {
    const app = e2e.app();
    const { page, context, tokens } = await startupPageWithProfile(app);
    const puts: number[] = [];
    context.on('response', (response) => {
      if (response.request().method() === 'PUT' && response.url().endsWith('/api/v1/startup')) puts.push(response.status());
    });
    const round = page.getByRole('region', { name: 'Your round' });
    await round.getByText(/^\$0 of \$2,500,000 committed · /).waitFor();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await field(page, 'Company name').fill('Tidewater Marine');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Saved on this device; it will be sent when you are back online.', { exact: true }).waitFor();
    const pendingNote = page.getByText(
      'Saved on this device; it will be sent when you are back online. Investors are re-ranked once it lands.',
    );
    await pendingNote.waitFor();
    await field(page, 'Amount raised (USD)').fill('3000000');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(2);

    // A reload offline keeps the edits, still pending: the app from the service worker, the profile
    // from the frame, the edits from the outbox.
    await page.reload();
    await pendingNote.waitFor();
    expect(await field(page, 'Company name').inputValue()).toBe('Tidewater Marine');
    expect(await field(page, 'Amount raised (USD)').inputValue()).toBe('3,000,000');
    expect(await serverProfile(app, tokens.access_token)).toEqual(SAMPLE_STARTUP);
    expect(puts).toEqual([]);
    await screenshot(page, 'startup-offline-pending');

    await context.setOffline(false);
    await page.getByText('Your startup profile is saved; investors are ranked by it again.').first().waitFor();
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(0);
    expect(await serverProfile(app, tokens.access_token)).toEqual({ ...SAMPLE_STARTUP, name: 'Tidewater Marine', raise_amount: 3_000_000 });
    await pendingNote.waitFor({ state: 'detached' });
    // The round is fetched again against the new amount.
    await round.getByText(/^\$0 of \$3,000,000 committed · /).waitFor();

    // Each edit was sent once; a reload sends nothing again.
    await page.reload();
    await field(page, 'Company name').waitFor();
    await page.waitForLoadState('networkidle');
    expect(puts).toEqual([200, 200]);
  });

  it("keeps another device's later edit over one made earlier offline, and says so", async () => {
    const app = e2e.app();
    const { page, context, tokens } = await startupPageWithProfile(app);
    await field(page, 'Company name').waitFor();
    expect(await field(page, 'Company name').inputValue()).toBe(SAMPLE_STARTUP.name);
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await field(page, 'Company name').fill('Made offline');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Investors are re-ranked once it lands.', { exact: false }).waitFor();
    // Meanwhile, on the founder's laptop (online), a later edit.
    const laptop = { ...SAMPLE_STARTUP, name: 'Made on the laptop', changed_at: new Date(Date.now() + 1000).toISOString() };
    expect((await app.callApi('PUT', '/startup', laptop, tokens.access_token)).status).toBe(200);

    await context.setOffline(false);
    await page.getByText('Another device changed your startup profile later; kept that one.').waitFor();
    await expect.poll(() => field(page, 'Company name').inputValue()).toBe('Made on the laptop');
    expect((await serverProfile(app, tokens.access_token)).name).toBe('Made on the laptop');
  });
});
