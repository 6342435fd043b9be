// The installed app on a phone's home screen (issue 34), in headless Chromium against the built app:
// the manifest's shortcuts (long-press on the icon) open pages and come with icons the service worker
// keeps, and the icon's badge counts the follow-ups due today — changes made offline included —, goes
// when none are due and at Log Out, and where the browser has no Badging API nothing is said at all.
// Chromium headless may lack navigator.setAppBadge: a recording stub stands in for that browser API.
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Investor } from '../../src/shared/api-types.js';
import { describeE2E, useE2EApp } from '../helpers/e2e.js';
import { countStoredRows, waitForServiceWorker } from './offline-helpers.js';
import { dayFromToday, fullName, patchRow, pipelineSetUp, type PipelineSetup } from './pipeline-helpers.js';

interface Shortcut {
  name: string;
  short_name: string;
  url: string;
  icons: Array<{ src: string; sizes: string; type: string }>;
}

/** The width and height a PNG's IHDR chunk gives. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Records every badge the page sets, as the number shown (0: cleared), in window.badgeCalls. */
function recordBadges(context: BrowserContext) {
  return context.addInitScript(() => {
    const calls: number[] = [];
    Object.assign(window, { badgeCalls: calls });
    Object.assign(Navigator.prototype, {
      setAppBadge(contents?: number) {
        calls.push(contents ?? -1);
        return Promise.resolve();
      },
      clearAppBadge() {
        calls.push(0);
        return Promise.resolve();
      },
    });
  });
}

const badgeCalls = (page: Page) => page.evaluate(() => (window as unknown as { badgeCalls: number[] }).badgeCalls);
const shownBadge = async (page: Page) => (await badgeCalls(page)).at(-1);
/** The badge is set after the page's first paint, once the follow-ups are answered. */
const BADGE_WAIT = { timeout: 10_000 };

describeE2E('on the home screen', () => {
  const e2e = useE2EApp({ serviceWorkers: 'allow' });

  it('offers shortcuts to Investors, Follow-ups, Your startup and Round, each opening its page with an icon the worker keeps', async () => {
    const app = e2e.app();
    const { page } = await app.loggedInPage('/investors');
    await waitForServiceWorker(page);

    const cdp = await page.context().newCDPSession(page);
    const { errors, data } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    const served = await page.request.get('/manifest.webmanifest');
    expect(served.ok()).toBe(true);
    const { shortcuts } = (await served.json()) as { shortcuts: Shortcut[] };
    expect(JSON.parse(data ?? '{}').shortcuts).toEqual(shortcuts);
    expect(shortcuts.map(({ name, short_name, url }) => ({ name, short_name, url }))).toEqual([
      { name: 'Investors', short_name: 'Investors', url: '/investors' },
      { name: 'Follow-ups', short_name: 'Follow-ups', url: '/follow-ups' },
      { name: 'Your startup', short_name: 'Startup', url: '/startup' },
      { name: 'Round', short_name: 'Round', url: '/round' },
    ]);

    const precached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      return paths;
    });
    for (const shortcut of shortcuts) {
      expect(shortcut.icons.map((icon) => icon.sizes), shortcut.name).toContain('96x96');
      for (const icon of shortcut.icons) {
        const response = await page.request.get(icon.src);
        expect(response.status(), icon.src).toBe(200);
        expect(response.headers()['content-type'], icon.src).toBe(icon.type);
        expect(pngSize(await response.body()), icon.src).toBe(icon.sizes);
        expect(precached, icon.src).toContain(icon.src);
      }
    }

    const headings: Record<string, string> = { '/investors': 'Investors', '/follow-ups': 'Follow-ups', '/startup': 'Your startup', '/round': 'Round' };
    for (const shortcut of shortcuts) {
      await page.goto(shortcut.url);
      await page.getByRole('heading', { level: 1, name: headings[shortcut.url] }).waitFor();
      expect(new URL(page.url()).pathname).toBe(shortcut.url);
    }
  });

  it('badges the icon with the follow-ups due today, offline changes included, and clears it when none are due and at Log Out', async () => {
    const app = e2e.app();
    const setup: PipelineSetup = await pipelineSetUp(app, 'Badge round', 4);
    const { page, context, investors } = setup;
    const [first, second, late, soon] = investors;
    await patchRow(app, setup, first, { follow_up_on: dayFromToday(0) });
    await patchRow(app, setup, second, { follow_up_on: dayFromToday(0) });
    await patchRow(app, setup, late, { follow_up_on: dayFromToday(-1) });
    await patchRow(app, setup, soon, { follow_up_on: dayFromToday(3) });
    await recordBadges(context);

    // The first load of the day: due today are two (the overdue one is the Follow-ups page's other group).
    await page.goto(`/lists/${setup.list.id}`);
    await expect.poll(() => shownBadge(page), BADGE_WAIT).toBe(2);
    await waitForServiceWorker(page);

    // Moved to today offline: counted while it waits in the outbox, and still once it has landed.
    await context.setOffline(true);
    await page.getByRole('button', { name: `Set next follow-up for ${fullName(soon)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Follow-up and amount' });
    await dialog.getByLabel('Next follow-up').fill(dayFromToday(0));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(1);
    await expect.poll(() => shownBadge(page), BADGE_WAIT).toBe(3);
    await context.setOffline(false);
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(0);
    await expect.poll(() => shownBadge(page), BADGE_WAIT).toBe(3);

    // Nothing due today any more: the next load clears the badge.
    for (const investor of [first, second, soon] as Investor[]) await patchRow(app, setup, investor, { follow_up_on: dayFromToday(5) });
    await page.reload();
    await expect.poll(() => badgeCalls(page), BADGE_WAIT).toEqual([0]);

    await patchRow(app, setup, first, { follow_up_on: dayFromToday(0) });
    await page.reload();
    await expect.poll(() => shownBadge(page), BADGE_WAIT).toBe(1);
    await page.getByRole('button', { name: /^Ada Lovelace / }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    expect(await shownBadge(page)).toBe(0);
  });

  it('says nothing where the browser cannot badge the app', async () => {
    const app = e2e.app();
    const setup = await pipelineSetUp(app, 'No badge', 1);
    await patchRow(app, setup, setup.investors[0], { follow_up_on: dayFromToday(0) });
    const { page, context } = setup;
    await context.addInitScript(() => {
      const prototype = Navigator.prototype as Partial<Pick<Navigator, 'setAppBadge' | 'clearAppBadge'>>;
      delete prototype.setAppBadge;
      delete prototype.clearAppBadge;
    });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // Which call was refused, when one is: the console names only the status.
    page.on('response', (response) => {
      if (response.status() === 401) problems.push(`401 ${response.request().method()} ${response.url()}`);
    });

    await page.goto('/follow-ups');
    await page.getByRole('region', { name: 'Due today' }).getByText(fullName(setup.investors[0])).waitFor();
    expect(await page.evaluate(() => 'setAppBadge' in navigator)).toBe(false);
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: /^Ada Lovelace / }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    expect(problems).toEqual([]);
  });
});
