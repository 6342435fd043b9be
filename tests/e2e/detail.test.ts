// The investor and fund pages in Chromium against the real server and its seeded catalogue.
import { expect, it } from 'vitest';
import type { Fund, Investor, Paged } from '../../src/shared/api-types';
import { formatLocation, formatPhone, formatRange, formatUsd, isMissing } from '../../src/lib/format';
import { describeE2E, useE2EApp, type E2EApp } from '../helpers/e2e';

/** The first rows of the catalogue that match, read through the API. */
async function find<R>(app: E2EApp, token: string, catalogue: 'investors' | 'funds', match: (row: R) => boolean): Promise<R> {
  for (let page = 1; page <= 20; page += 1) {
    const answer = (await app.callApi('GET', `/${catalogue}/search?page=${page}&per_page=100`, undefined, token))
      .body as unknown as Paged<R>;
    const found = answer.results.find(match);
    if (found) return found;
  }
  throw new Error(`no ${catalogue} row matches`);
}

describeE2E('detail pages', () => {
  const e2e = useE2EApp();

  it('shows an investor: breadcrumb, heading, About and Investment Statistic with +N more', async () => {
    const app = e2e.app();
    const { page, tokens } = await app.loggedInPage('/investors');
    const investor = await find<Investor>(
      app,
      tokens.access_token,
      'investors',
      (r) => r.stage_preferences.length > 3 && !isMissing(r.email) && !isMissing(r.phone) && !isMissing(r.contact_title),
    );
    const name = `${investor.first_name} ${investor.last_name}`;
    await page.goto(`/investor/${investor.id}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(`${name} | Fundscape`);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await breadcrumb.getByRole('link', { name: 'Investors' }).getAttribute('href')).toBe('/investors');
    expect(await breadcrumb.textContent()).toContain(name);
    await page.getByText(`${investor.contact_title} at ${investor.firm_name}`).waitFor();

    const about = page.getByRole('region', { name: 'About' });
    expect(await about.textContent()).toContain(formatLocation(investor.state, investor.country, investor.city));
    expect(await about.getByRole('link', { name: investor.email }).getAttribute('href')).toBe(`mailto:${investor.email}`);
    await about.getByText(formatPhone(investor.phone)).waitFor();
    expect(formatPhone(investor.phone).startsWith('+')).toBe(true);

    const stats = page.getByRole('region', { name: 'Investment Statistic' });
    const statsText = await stats.textContent();
    expect(statsText).toContain(formatUsd(investor.capital_managed));
    expect(statsText).toContain(formatRange(investor.min_investment, investor.max_investment));
    const stages = stats.locator('dt:text-is("Stages") + dd');
    const [first, second, third, fourth] = investor.stage_preferences;
    for (const stage of [first, second, third]) await stages.getByText(stage, { exact: true }).waitFor();
    expect(await stages.getByText(fourth, { exact: true }).count()).toBe(0);
    await stages.getByRole('button', { name: `+${investor.stage_preferences.length - 3} more` }).click();
    for (const stage of investor.stage_preferences) await stages.getByText(stage, { exact: true }).waitFor();
    expect(await stages.getByRole('button').count()).toBe(0);
    await breadcrumb.getByRole('link', { name: 'Investors' }).click();
    await page.waitForURL(/\/investors$/);
  });

  it('leaves out e-mail and mobile when the investor has none', async () => {
    const app = e2e.app();
    const { page, tokens } = await app.loggedInPage('/investors');
    const investor = await find<Investor>(app, tokens.access_token, 'investors', (r) => isMissing(r.email) || isMissing(r.phone));
    await page.goto(`/investor/${investor.id}`);
    const about = page.getByRole('region', { name: 'About' });
    await about.waitFor();
    const labels = await about.locator('dt').allTextContents();
    expect(labels.includes('Email')).toBe(!isMissing(investor.email));
    expect(labels.includes('Mobile')).toBe(!isMissing(investor.phone));
  });

  it('shows a fund: breadcrumb, firm type, inert Share and Save, About and Investment Statistic', async () => {
    const app = e2e.app();
    const { page, tokens } = await app.loggedInPage('/funds');
    const fund = await find<Fund>(app, tokens.access_token, 'funds', (r) => !isMissing(r.firm_type) && !isMissing(r.firm_state));
    await page.goto(`/fund/${fund.id}`);
    await page.getByRole('heading', { name: fund.firm_name, level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(`${fund.firm_name} | Fundscape`);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await breadcrumb.getByRole('link', { name: 'Funds' }).getAttribute('href')).toBe('/funds');
    const about = page.getByRole('region', { name: 'About' });
    expect(await about.textContent()).toContain(formatLocation(fund.firm_state, fund.firm_country, fund.firm_address));
    expect(await about.textContent()).toContain(fund.firm_type);
    const before = page.url();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(page.url()).toBe(before);
    await page.getByRole('region', { name: 'Investment Statistic' }).getByText(formatUsd(fund.capital_managed)).waitFor();
  });

  it('shows the not-found page for an unknown id', async () => {
    const app = e2e.app();
    const { page } = await app.loggedInPage('/investors');
    await page.goto('/investor/99999999');
    await page.getByText(/not found/i).first().waitFor();
    await page.goto('/fund/abc');
    await page.getByText(/not found/i).first().waitFor();
  });
});
