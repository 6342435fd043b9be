// Accessibility (issue 12): axe-core finds no serious or critical WCAG 2.1 A/AA violation on the auth
// screens and on every logged-in page, at desktop and phone sizes, in Chromium against the built app, nor a
// heading that skips a level.
// The logged-in frame is checked with its sidebar open: beside the page on a desktop, in the drawer
// on a phone, and with the account menu open.
import { expect, it, type ExpectStatic } from 'vitest';
import type { Page } from 'playwright-core';
import type { Fund, Investor, ListSummary, Paged } from '../../src/shared/api-types.js';
import { describeE2E, useE2EApp, type E2EApp } from '../helpers/e2e.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import { expectNoSeriousViolations } from './axe.js';
import { dayFromToday } from './pipeline-helpers.js';

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

type Viewport = keyof typeof VIEWPORTS;

/** A page to check: where it is, what to do first, and what shows once it has loaded. */
interface Stop {
  path: string;
  before?: () => Promise<unknown>;
  ready: (page: Page) => Promise<unknown>;
}

async function firstRows(app: E2EApp, accessToken: string) {
  const investors = await app.callApi('GET', '/investors/search?page=1&per_page=15', undefined, accessToken);
  const funds = await app.callApi('GET', '/funds/search?page=1&per_page=15', undefined, accessToken);
  expect(investors.status).toBe(200);
  expect(funds.status).toBe(200);
  return {
    investors: (investors.body as unknown as Paged<Investor>).results,
    funds: (funds.body as unknown as Paged<Fund>).results,
  };
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, level: 1 }).waitFor();

describeE2E('accessibility', () => {
  const e2e = useE2EApp();

  /** Every logged-in page of the brief, with a list holding three investors in the sidebar. */
  async function loggedInStops(app: E2EApp, accessToken: string): Promise<Stop[]> {
    const { investors, funds } = await firstRows(app, accessToken);
    const created = await app.callApi('POST', '/lists', { name: 'Warm intros', description: '', list_type: 'investor' }, accessToken);
    expect(created.status).toBe(201);
    const list = created.body as unknown as ListSummary;
    const added = await app.callApi(
      'POST',
      `/lists/${list.id}/investors/batch`,
      { investor_ids: investors.slice(0, 3).map((row) => row.id) },
      accessToken,
    );
    expect(added.status).toBe(200);
    const emptied = await app.callApi('POST', '/lists', { name: 'Nobody yet', description: '', list_type: 'investor' }, accessToken);
    expect(emptied.status).toBe(201);
    const empty = emptied.body as unknown as ListSummary;
    const [investor] = investors;
    const [fund] = funds;
    const investorName = `${investor.first_name} ${investor.last_name}`;
    // A grid's row, or on a phone a card headed by the row's name.
    const rowShown = (text: string) => (page: Page) =>
      page.getByRole('row').filter({ hasText: text }).or(page.getByRole('heading', { level: 2, name: text })).first().waitFor();
    return [
      {
        path: '/investors',
        ready: async (page) => Promise.all([heading('Investors')(page), rowShown(investorName)(page)]),
      },
      { path: '/funds', ready: async (page) => Promise.all([heading('Funds')(page), rowShown(fund.firm_name)(page)]) },
      { path: `/investor/${investor.id}`, ready: heading(investorName) },
      { path: `/fund/${fund.id}`, ready: heading(fund.firm_name) },
      {
        path: `/lists/${list.id}`,
        ready: async (page) => Promise.all([heading('Warm intros')(page), rowShown(investorName)(page)]),
      },
      {
        path: `/lists/${list.id}?view=board`,
        ready: async (page) => Promise.all([heading('Warm intros')(page), page.getByText(investorName).first().waitFor()]),
      },
      {
        path: `/lists/${empty.id}`,
        ready: heading('Nobody yet'),
      },
      { path: '/capture-inbox', ready: heading('Capture inbox') },
      {
        path: `/log-touch?text=${encodeURIComponent(`Call with ${investor.email}`)}`,
        ready: async (page) => Promise.all([heading('Log a touch')(page), page.getByText(investorName).first().waitFor()]),
      },
      {
        path: '/follow-ups',
        before: async () =>
          expect(
            (await app.callApi('PATCH', `/lists/${list.id}/investors/${investor.id}`, { follow_up_on: dayFromToday(0) }, accessToken)).status,
          ).toBe(200),
        ready: async (page) => Promise.all([heading('Follow-ups')(page), page.getByRole('link', { name: investorName }).first().waitFor()]),
      },
      {
        path: '/round',
        ready: async (page) => Promise.all([heading('Round')(page), page.locator('figure .MuiBarChart-element').first().waitFor()]),
      },
      { path: '/profile', ready: heading('Account Settings') },
      { path: '/deal-offers', ready: heading('Exclusive Offers') },
      // Last: once there is a profile the catalogue is ranked by fit, and the round's bar heads the sidebar's lists.
      {
        path: '/startup',
        before: async () => expect((await app.callApi('PUT', '/startup', SAMPLE_STARTUP, accessToken)).status).toBe(200),
        ready: async (page) => Promise.all([heading('Your startup')(page), page.getByRole('progressbar').first().waitFor()]),
      },
    ];
  }

  async function check(page: Page, stop: Stop, viewport: Viewport, expectIn: ExpectStatic) {
    await stop.before?.();
    await page.goto(stop.path);
    await stop.ready(page);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, `${stop.path} (${viewport})`, expectIn);
  }

  // Side by side (each its own user and browser context): axe's scans keep both cores busy, one alone kept one.
  for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
    it.concurrent(`has no serious violations on /login and /register (${viewport})`, async ({ expect }) => {
      const page = await e2e.app().newPage({ viewport: VIEWPORTS[viewport] });
      await check(page, { path: '/login', ready: (p) => p.getByRole('button', { name: 'Log In' }).waitFor() }, viewport, expect);
      await check(page, { path: '/register', ready: (p) => p.getByRole('button', { name: 'Sign Up' }).waitFor() }, viewport, expect);
    });

    it.concurrent(`has no serious violations on the logged-in pages and their frame (${viewport})`, async ({ expect }) => {
      const app = e2e.app();
      const { page, tokens } = await app.loggedInPage('/profile', { context: { viewport: VIEWPORTS[viewport] } });
      const stops = await loggedInStops(app, tokens.access_token);
      for (const stop of stops) await check(page, stop, viewport, expect);

      // The frame's navigation open (the round's bar atop the lists): the drawer on a phone, then the account menu in it.
      await page.goto('/investors');
      // The first row: a grid's, or on a phone the first card's heading.
      const firstRow = page.getByRole('row').nth(1).or(page.getByRole('list', { name: 'Investors' }).getByRole('heading', { level: 2 })).first();
      await Promise.all([heading('Investors')(page), firstRow.waitFor()]);
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await page.getByRole('navigation', { name: 'Lists' }).getByText('Warm intros').waitFor();
      }
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Ada Lovelace / }).click();
      await page.getByRole('menuitem', { name: 'Log Out' }).waitFor();
      await expectNoSeriousViolations(page, `/investors with the ${viewport === 'phone' ? 'drawer and ' : ''}account menu open (${viewport})`, expect);
    });
  }
});
