// The session in Chromium against the real server: guards both ways, the deep link restored after
// log-in, Log Out, an expired access token renewed unnoticed, a dead session sent to /login, the
// not-found page, and the phone layout's drawer.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SESSION_STORAGE_KEYS } from '../../src/lib/session';
import { MY_LISTS_EVENTS_TICKET_PATH } from '../../src/shared/teams';
import { describeE2E, useE2EApp } from '../helpers/e2e';
import { logInWithMailedCode } from './auth-helpers';

/**
 * Until the page's own calls are made (its live stream starts once the page is shown): it then calls nothing more
 * with a token a test is about to expire, which would refresh it before the tab under test starts.
 */
async function ownCallsMade(page: Page) {
  await expect
    .poll(() => page.evaluate((path) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(path)), MY_LISTS_EVENTS_TICKET_PATH))
    .toBe(true);
}

describeE2E('session', () => {
  const e2e = useE2EApp();

  it('sends a logged-out visitor to /login and back to the asked-for page after logging in', async () => {
    const app = e2e.app();
    const user = await app.createUser();
    const page = await app.newPage();

    await page.goto('/profile');
    await page.waitForURL(/\/login\?redirect=%2Fprofile$/);

    await logInWithMailedCode(app, page, user);

    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Account Settings | Fundscape');
  });

  it('keeps a logged-in user away from the auth pages', async () => {
    const { page } = await e2e.app().loggedInPage('/deal-offers');
    await page.getByRole('heading', { name: 'Exclusive Offers', level: 1 }).waitFor();
    for (const path of ['/login', '/', '/register', '/forgot-password']) {
      await page.goto(path);
      await page.waitForURL(/\/investors$/);
    }
  });

  it('logs out from the sidebar menu: tokens gone, back at /login, data pages closed again', async () => {
    const { page, user } = await e2e.app().loggedInPage('/deal-offers');
    await page.getByRole('heading', { name: 'Exclusive Offers', level: 1 }).waitFor();
    await page.getByRole('button', { name: `${user.first_name} ${user.last_name} ${user.email}` }).hover();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();

    await page.waitForURL(/\/login$/);
    const stored = await page.evaluate((keys) => [localStorage.getItem(keys.access), localStorage.getItem(keys.refresh)], SESSION_STORAGE_KEYS);
    expect(stored).toEqual([null, null]);
    await page.goto('/investors');
    await page.waitForURL(/\/login\?redirect=%2Finvestors$/);
  });

  it('renews an expired access token without the user noticing', async () => {
    const app = e2e.app();
    const { context, page } = await app.loggedInPage('/deal-offers');
    await page.getByRole('heading', { name: 'Exclusive Offers', level: 1 }).waitFor();
    await ownCallsMade(page);
    // An access token the server refuses, beside a refresh token it still accepts.
    await page.evaluate((key) => localStorage.setItem(key, 'expired.garbage.token'), SESSION_STORAGE_KEYS.access);

    // Renewed once, by the new tab.
    const refreshes: number[] = [];
    context.on('response', (response) => {
      if (response.url().endsWith('/api/v1/auth/refresh')) refreshes.push(response.status());
    });
    const fresh = await context.newPage();
    await fresh.goto('/profile');
    await fresh.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
    expect(fresh.url()).toMatch(/\/profile$/);
    expect(refreshes).toEqual([200]);
    const access = await fresh.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEYS.access);
    expect(access).not.toBe('expired.garbage.token');
    expect(access?.split('.')).toHaveLength(3);
  });

  it('refreshes once for two tabs that find the access token expired at the same time', async () => {
    const { context, page } = await e2e.app().loggedInPage('/deal-offers');
    await page.getByRole('heading', { name: 'Exclusive Offers', level: 1 }).waitFor();
    await ownCallsMade(page);
    // The first tab closes before the token is spoiled, so a call it makes later (its deferred work) cannot refresh
    // it before the two tabs under test open.
    await page.close();
    const spoiler = await context.newPage();
    await spoiler.goto('/manifest.webmanifest');
    await spoiler.evaluate((key) => localStorage.setItem(key, 'expired.garbage.token'), SESSION_STORAGE_KEYS.access);
    await spoiler.close();
    const tabs = [await context.newPage(), await context.newPage()];
    const refreshes: number[] = [];
    context.on('response', (response) => {
      if (response.url().endsWith('/api/v1/auth/refresh')) refreshes.push(response.status());
    });
    // A slow network: the second tab's call is refused while the first tab's refresh is still on its way.
    await context.route('**/api/v1/auth/refresh', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // Each tab's first call with the token: the sidebar's live stream asks for its ticket once the page is shown
    // (the profile itself reads the user stored with the frame). Answered 200 in both, the refresh is behind them.
    const tickets = tabs.map((tab) => tab.waitForResponse((response) => response.url().endsWith(MY_LISTS_EVENTS_TICKET_PATH) && response.ok()));
    await Promise.all(tabs.map((tab) => tab.goto('/profile')));
    await Promise.all(tabs.map((tab) => tab.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor()));
    await Promise.all(tickets);
    // A second refresh would reuse a rotated token, and the server would end the session.
    expect(refreshes).toEqual([200]);
  });

  it('follows a Log Out made in another tab', async () => {
    const { context, page, user } = await e2e.app().loggedInPage('/deal-offers');
    await page.getByRole('heading', { name: 'Exclusive Offers', level: 1 }).waitFor();
    const other = await context.newPage();
    await other.goto('/profile');
    await other.getByRole('heading', { name: 'Account Settings', level: 1 }).waitFor();
    await other.getByRole('button', { name: `${user.first_name} ${user.last_name} ${user.email}` }).hover();
    await other.getByRole('menuitem', { name: 'Log Out' }).click();
    await other.waitForURL(/\/login$/);
    await page.waitForURL(/\/login$/);
  });

  it('sends the user to /login when the refresh token is no longer accepted, also from a page with data of its own', async () => {
    const app = e2e.app();
    const { page, tokens } = await app.loggedInPage('/deal-offers');
    const created = await app.callApi('POST', '/lists', { name: 'Seed round', list_type: 'investor' }, tokens.access_token);
    expect(created.status).toBe(201);
    const listId = (created.body as { id: number }).id;
    await page.getByRole('heading', { name: 'Exclusive Offers', level: 1 }).waitFor();
    const spoil = () =>
      page.evaluate((keys) => {
        localStorage.setItem(keys.access, 'expired.garbage.token');
        localStorage.setItem(keys.refresh, 'not-a-refresh-token');
      }, SESSION_STORAGE_KEYS);
    await spoil();
    await page.goto('/profile');
    await page.waitForURL(/\/login\?redirect=%2Fprofile$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEYS.access)).toBeNull();

    // A list's page, whose loader asks for the list: one refresh fails, and the page is /login.
    await spoil();
    await page.goto(`/lists/${listId}`);
    await page.waitForURL(new RegExp(`/login\\?redirect=%2Flists%2F${listId}$`));
    await page.getByRole('button', { name: 'Log In' }).first().waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
  });

  it('shows a not-found page for unknown routes', async () => {
    const page = await e2e.app().newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Page Not Found | Fundscape');
  });

  it('reaches every page from the drawer on a phone-sized screen', async () => {
    const { page } = await e2e.app().loggedInPage('/deal-offers', { context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } });
    await page.getByRole('heading', { name: 'Exclusive Offers', level: 1 }).waitFor();
    const sidebar = page.locator('nav[aria-label="Main"]').first();
    expect(await sidebar.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' }).getByRole('navigation', { name: 'Main' });
    await drawer.getByRole('link', { name: 'Funds' }).click();
    await page.waitForURL(/\/funds$/);
    await drawer.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await drawer.getByRole('link', { name: 'Exclusive Offers' }).click();
    await page.waitForURL(/\/deal-offers$/);
  });
});
