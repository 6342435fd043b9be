// Investor fit in Chromium against the built app, as a founder would use it: describe the round on
// /startup, see Investors ranked by fit, read why a row fits (tooltip and detail page), narrow to good
// fits, go back to the default order; edit the profile offline and see it land once. Axe on the way.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeE2E, useE2EApp } from '../helpers/e2e';
import { SAMPLE_STARTUP } from '../helpers/startup-profile';
import { choose, chooseIndustries, serverProfile, startupPageWithProfile } from './startup-helpers';
import { expectNoSeriousViolations } from './axe';
import { askApi, GRID_ROW, shownIds, waitForRows } from './catalogue-page';
import { countStoredRows } from './offline-helpers';
import { screenshotFor } from './screenshots';

/** The whole page, when FIT_SCREENSHOTS names a folder. */
const screenshot = screenshotFor('FIT_SCREENSHOTS');

/** The fit scores the grid shows, top to bottom. */
async function shownScores(page: Page): Promise<number[]> {
  const scores = await page.locator(`${GRID_ROW} [data-fit-score]`).evaluateAll((chips) => chips.map((c) => c.getAttribute('data-fit-score')));
  return scores.map(Number);
}

describeE2E('investor fit', () => {
  const e2e = useE2EApp();

  it('ranks Investors by the round described on /startup, explains a score, filters good fits and goes back to the default order', async () => {
    const app = e2e.app();
    const { page, tokens } = await app.loggedInPage('/investors');
    await page.getByText('Tell us about your round to rank investors by fit').waitFor();
    await page.getByRole('link', { name: 'Set up your startup' }).click();
    await page.waitForURL('**/startup');
    await expectNoSeriousViolations(page, '/startup (empty)');

    // Every field is checked as you type: a round below the minimum is refused before it is sent.
    await page.getByLabel('Company name').fill(SAMPLE_STARTUP.name);
    await page.getByLabel('One-line pitch').fill(SAMPLE_STARTUP.pitch!);
    await choose(page, 'Stage you raise at', 'Seed');
    await choose(page, 'Financing type', 'Equity');
    await chooseIndustries(page, SAMPLE_STARTUP.industries);
    await choose(page, 'Where you are', SAMPLE_STARTUP.geography);
    await page.getByLabel('Amount raised (USD)').fill('500');
    await page.getByText('Enter an amount from $1,000 to $10,000,000,000').waitFor();
    await page.getByLabel('Amount raised (USD)').fill(String(SAMPLE_STARTUP.raise_amount));
    await page.getByLabel('Target close date').fill(SAMPLE_STARTUP.close_on);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your startup profile is saved; investors are ranked by it.').waitFor();
    expect(await serverProfile(app, tokens.access_token)).toEqual(SAMPLE_STARTUP);

    // The round: nothing committed yet, against the amount raised.
    await page.getByText(/^\$0 of \$2,500,000 committed · [\d,]+ days to close$/).first().waitFor();
    await expectNoSeriousViolations(page, '/startup (filled)');
    await screenshot(page, 'startup');

    // Investors, best fit first: the page shows the API's ranking, scores never rising down the page.
    await page.getByRole('link', { name: 'Investors' }).click();
    await page.waitForURL('**/investors');
    const ranked = await askApi<{ id: number }>(app, new URL(`${app.baseUrl}/api/v1/investors/search?page=1&per_page=15&sort=fit`), tokens.access_token);
    await waitForRows(page, ranked.results.map((row) => row.id));
    const scores = await shownScores(page);
    expect(scores).toHaveLength(15);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    await expectNoSeriousViolations(page, '/investors (ranked)');
    await screenshot(page, 'investors-ranked');

    // The chip's tooltip says why, criterion by criterion.
    const firstChip = page.locator(`${GRID_ROW} [data-fit-score]`).first();
    await firstChip.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.getByText(`of 100`, { exact: false }).waitFor();
    for (const criterion of ['Stage', 'Industries', 'Geography', 'Check size', 'Financing type']) {
      await tooltip.getByText(new RegExp(`^${criterion}: (Match|Partial|Miss|Unknown)$`)).waitFor();
    }
    await screenshot(page, 'investors-tooltip');

    // The detail page: "Why it fits", with the same score.
    const [topId] = await shownIds(page);
    await page.keyboard.press('Escape');
    await page.locator(`${GRID_ROW}[data-id="${topId}"] [data-field="name"]`).click();
    await page.waitForURL(`**/investor/${topId}`);
    const why = page.getByRole('region', { name: 'Why it fits' });
    await why.waitFor();
    await why.getByText(`Scored ${scores[0]} of 100 against your Seed round (${SAMPLE_STARTUP.name}).`).waitFor();
    await screenshot(page, 'investor-why-it-fits');
    await page.goBack();
    await page.waitForURL('**/investors');

    // Good fit: only rows scoring 70 or more, kept in the URL.
    await page.getByRole('button', { name: 'Good fit (70+)' }).click();
    await page.waitForURL(/min_fit=70/);
    const good = await askApi<{ id: number }>(app, new URL(`${app.baseUrl}/api/v1/investors/search?page=1&per_page=15&sort=fit&min_fit=70`), tokens.access_token);
    await waitForRows(page, good.results.map((row) => row.id));
    expect((await shownScores(page)).every((score) => score >= 70)).toBe(true);

    // The SPEC's order is one click away.
    await page.getByRole('button', { name: 'Default order' }).click();
    await page.waitForURL(/sort=default/);
    const byDefault = await askApi<{ id: number }>(app, new URL(`${app.baseUrl}/api/v1/investors/search?page=1&per_page=15&min_fit=70`), tokens.access_token);
    await waitForRows(page, byDefault.results.map((row) => row.id));
    const ids = await shownIds(page);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('shows a profile edited offline at once, marked pending, and sends it exactly once when back online', async () => {
    const app = e2e.app();
    const { page, context, tokens } = await startupPageWithProfile(app);
    const puts: number[] = [];
    context.on('response', (response) => {
      if (response.request().method() === 'PUT' && response.url().endsWith('/api/v1/startup')) puts.push(response.status());
    });
    await page.getByLabel('Company name').waitFor();
    expect(await page.getByLabel('Company name').inputValue()).toBe(SAMPLE_STARTUP.name);
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.getByLabel('Company name').fill('Tidewater Marine');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Saved on this device; it will be sent when you are back online.').first().waitFor();
    await page.getByText('Investors are re-ranked once it lands.', { exact: false }).waitFor();
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(1);
    expect((await serverProfile(app, tokens.access_token)).name).toBe(SAMPLE_STARTUP.name);
    await screenshot(page, 'startup-offline-pending');

    await context.setOffline(false);
    await page.getByText('Your startup profile is saved; investors are ranked by it again.').waitFor();
    await expect.poll(async () => (await serverProfile(app, tokens.access_token)).name).toBe('Tidewater Marine');
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(0);
    expect(await page.getByLabel('Company name').inputValue()).toBe('Tidewater Marine');

    // Nothing is sent twice: a reload replays nothing.
    await page.reload();
    await page.getByLabel('Company name').waitFor();
    await page.waitForLoadState('networkidle');
    expect(puts).toEqual([200]);
  });
});
