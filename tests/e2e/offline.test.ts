// Installable and readable offline (issue 5), in headless Chromium against the built app: the
// manifest and service worker pass Chromium's installability checks, the worker controls the page,
// pages viewed online reload offline with their data, a page never viewed says it is not available
// offline, a new tab opened offline paints the frame from localStorage before IndexedDB opens
// (issue 12), and the next user on the same browser sees nothing of the previous one.
import { expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import type { ListSummary } from '../../src/shared/api-types.js';
import { describeE2E, useE2EApp, type E2EApp } from '../helpers/e2e.js';
import { frameStorageKey } from '../../src/features/offline/persisters/frame-persister.js';
import { userIdOfAccessToken } from '../../src/lib/offline-user.js';
import { investorsOf, persistedQueryRows, persistentLoggedInPage, waitForPersistedQuery, waitForServiceWorker } from './offline-helpers.js';

describeE2E('installable and readable offline', () => {
  const e2e = useE2EApp({ serviceWorkers: 'allow' });

  async function listWithInvestors(app: E2EApp, accessToken: string, name: string, count: number) {
    const investors = await investorsOf(app, accessToken, count);
    const created = await app.callApi('POST', '/lists', { name, description: '', list_type: 'investor' }, accessToken);
    expect(created.status).toBe(201);
    const list = created.body as unknown as ListSummary;
    const added = await app.callApi('POST', `/lists/${list.id}/investors/batch`, { investor_ids: investors.map((i) => i.id) }, accessToken);
    expect(added.status).toBe(200);
    return { list, investors };
  }

  async function visit(page: Page, path: string, visible: string) {
    await page.goto(path);
    await page.getByText(visible, { exact: false }).first().waitFor();
  }

  it('is installable and its service worker controls the page', async () => {
    // Chromium never offers to install from an incognito profile, which a plain context is.
    const { context, page } = await persistentLoggedInPage(e2e.app(), '/investors');
    onTestFinished(() => context.close());
    await waitForServiceWorker(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    await page.getByText('Ready to work offline').waitFor();

    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ short_name: 'Fundscape', display: 'standalone', start_url: '/investors' });

    // API answers are the app's to keep, never the worker's.
    const cacheNames = await page.evaluate(() => caches.keys());
    const cachedApi = await page.evaluate(async (names) => {
      const urls: string[] = [];
      for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls.filter((url) => new URL(url).pathname.startsWith('/api/'));
    }, cacheNames);
    expect(cachedApi).toEqual([]);
  });

  it('reloads /investors, a detail page and a list offline with their data', async () => {
    const app = e2e.app();
    const { page, context, tokens } = await app.loggedInPage('/investors');
    await waitForServiceWorker(page);
    const { list, investors } = await listWithInvestors(app, tokens.access_token, 'Offline shortlist', 3);
    const [first] = investors;

    const firstRow = `${first.first_name} ${first.last_name}`;
    // Each page is left only once its answer is stored, as a founder who stays on it a moment would.
    await visit(page, '/investors', firstRow);
    await waitForPersistedQuery(page, 'investors', 'search');
    await visit(page, `/investor/${first.id}`, first.firm_name);
    await waitForPersistedQuery(page, 'investors', 'detail', first.id);
    await visit(page, `/lists/${list.id}`, 'Offline shortlist');
    await page.getByText(`${investors[2].first_name} ${investors[2].last_name}`).first().waitFor();
    await waitForPersistedQuery(page, 'lists', list.id, 'items');

    await context.setOffline(true);
    for (const [path, text] of [
      ['/investors', firstRow],
      [`/investor/${first.id}`, first.firm_name],
      [`/lists/${list.id}`, `${investors[1].first_name} ${investors[1].last_name}`],
    ] as const) {
      await page.goto(path);
      await page.getByText(text).first().waitFor();
      await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
    }
    expect(await page.getByText('Something went wrong').count()).toBe(0);

    // A page never opened online: a clear state, not a spinner or an error page.
    const [unseen] = await investorsOf(app, tokens.access_token, 1, 3);
    await page.goto(`/investor/${unseen.id}`);
    await page.getByRole('heading', { name: 'Not available offline' }).waitFor();

    // Back online, it loads.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Load page' }).click();
    await page.getByText(unseen.firm_name).first().waitFor();
  });

  it('paints the user and the sidebar’s lists at once in a new tab opened offline, before IndexedDB opens', async () => {
    const app = e2e.app();
    const { page, context, tokens, user } = await app.loggedInPage('/investors');
    await waitForServiceWorker(page);
    const { list } = await listWithInvestors(app, tokens.access_token, 'Frame shortlist', 2);
    await page.goto('/investors');
    await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Frame shortlist, 2 items' }).waitFor();
    // The frame is saved (at most a second after a change) to localStorage under the user's id.
    const key = frameStorageKey(userIdOfAccessToken(tokens.access_token)!);
    await expect.poll(() => page.evaluate((name) => localStorage.getItem(name) ?? '', key)).toContain('Frame shortlist');

    await context.setOffline(true);
    const tab = await context.newPage();
    // In the new tab IndexedDB never answers: what the frame shows can only come from localStorage.
    await tab.addInitScript(() => {
      const held: string[] = [];
      Object.assign(window, { heldIndexedDbOpens: held });
      IDBFactory.prototype.open = function open(name: string) {
        held.push(name);
        return {} as IDBOpenDBRequest;
      };
    });
    await tab.goto('/investors');

    const fullName = `${user.first_name} ${user.last_name}`;
    const sidebar = tab.getByRole('navigation', { name: 'Main' });
    await sidebar.getByRole('button', { name: `${fullName} ${user.email}` }).waitFor({ timeout: 10_000 });
    expect(await sidebar.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Frame shortlist, 2 items' }).getAttribute('href')).toBe(
      `/lists/${list.id}`,
    );
    await tab.getByRole('heading', { name: 'Investors', level: 1 }).waitFor();
    // The page did ask for IndexedDB (its rows are kept there), and got no answer.
    await expect.poll(() => tab.evaluate(() => (window as unknown as { heldIndexedDbOpens: string[] }).heldIndexedDbOpens.length)).toBeGreaterThan(0);
  });

  it('logging out removes the user’s data, and the next user on the browser sees none of it', async () => {
    const app = e2e.app();
    const { page, context, tokens } = await app.loggedInPage('/investors');
    await waitForServiceWorker(page);
    const { list, investors } = await listWithInvestors(app, tokens.access_token, 'First founder’s private list', 2);
    await visit(page, `/lists/${list.id}`, 'First founder’s private list');
    await page.getByText(`${investors[0].first_name} ${investors[0].last_name}`).first().waitFor();
    await expect.poll(() => persistedQueryRows(page)).toBeGreaterThanOrEqual(3);

    await page.getByRole('button', { name: /^Ada Lovelace / }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => persistedQueryRows(page)).toBe(0);

    const second = await app.createUser({ first_name: 'Grace', last_name: 'Hopper' });
    const secondTokens = await app.loginTokens(second);
    await page.evaluate(
      ([access, refresh]) => {
        localStorage.setItem('fundscape.access_token', access);
        localStorage.setItem('fundscape.refresh_token', refresh);
      },
      [secondTokens.access_token, secondTokens.refresh_token],
    );
    await visit(page, '/investors', 'Grace Hopper');
    expect(await page.getByText('First founder’s private list').count()).toBe(0);

    await context.setOffline(true);
    await page.goto(`/lists/${list.id}`);
    await page.getByRole('heading', { name: 'Not available offline' }).waitFor();
    expect(await page.getByText('First founder’s private list').count()).toBe(0);
  });
});
