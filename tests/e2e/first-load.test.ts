// A first load on a slow network (issue 34), in headless Chromium against the built app. The frame
// index.html paints before the app's code has run (a phone saw a white page until then): with a session,
// the app bar on a phone and the sidebar from 768 px, allowed by the CSP; without one, nothing; once the
// app has rendered, the app's own frame in its place. And the page's data is asked for beside the user's,
// not after it.
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SESSION_STORAGE_KEYS } from '../../src/lib/session.js';
import { describeE2E, useE2EApp, type E2EApp } from '../helpers/e2e.js';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

describeE2E('the first load', () => {
  const e2e = useE2EApp();

  /** A context whose scripts wait until released, and the CSP violations its pages report. */
  async function withScriptsHeld(context: BrowserContext) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const refused: string[] = [];
    context.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    return { release, refused };
  }

  /** A new user's browser context with the session in place, and its access token. */
  async function loggedIn(options: Parameters<E2EApp['newContext']>[0]) {
    const app = e2e.app();
    const tokens = await app.loginTokens(await app.createUser());
    const context = await app.newContext({
      ...options,
      storageState: {
        cookies: [],
        origins: [
          {
            origin: app.baseUrl,
            localStorage: [
              { name: SESSION_STORAGE_KEYS.access, value: tokens.access_token },
              { name: SESSION_STORAGE_KEYS.refresh, value: tokens.refresh_token },
            ],
          },
        ],
      },
    });
    return { context, token: tokens.access_token };
  }

  const shell = (page: Page) => page.locator('#app-shell');

  it('shows a logged-in phone its app bar before any script has loaded, then the app in its place', async () => {
    const { context } = await loggedIn(PHONE);
    const { release, refused } = await withScriptsHeld(context);
    const page = await context.newPage();
    await page.goto('/investors', { waitUntil: 'commit' });

    const bar = shell(page).locator('.app-shell-bar');
    await bar.waitFor();
    expect(await bar.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 57 });
    await bar.getByText('Fundscape').waitFor();
    expect(await shell(page).locator('.app-shell-sidebar').isVisible()).toBe(false);
    // Hidden from assistive technology: a screen reader meets the app's own frame only.
    expect(await page.getByRole('banner').count()).toBe(0);
    await page.screenshot({ path: '/tmp/app-shell-390.png' });

    release();
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Investors' }).waitFor();
    await expect.poll(() => shell(page).count()).toBe(0);
    // The app's bar is where the shell's was.
    expect(await page.getByRole('banner').boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 57 });
    await page.screenshot({ path: '/tmp/app-shell-390-after.png' });
    expect(refused).toEqual([]);
  });

  it('shows a logged-in desktop the sidebar, and a visitor without a session none of it', async () => {
    const { context: desktop } = await loggedIn({ viewport: { width: 1280, height: 800 } });
    const held = await withScriptsHeld(desktop);
    const page = await desktop.newPage();
    await page.goto('/investors', { waitUntil: 'commit' });
    const sidebar = shell(page).locator('.app-shell-sidebar');
    await sidebar.waitFor();
    expect(await sidebar.boundingBox()).toMatchObject({ x: 0, y: 0, width: 230, height: 800 });
    expect(await shell(page).locator('.app-shell-bar').isVisible()).toBe(false);
    await page.screenshot({ path: '/tmp/app-shell-1280.png' });
    held.release();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Investors' }).waitFor();
    await expect.poll(() => shell(page).count()).toBe(0);
    expect(held.refused).toEqual([]);

    const visitor = await e2e.app().newContext(PHONE);
    const guest = await withScriptsHeld(visitor);
    const loginPage = await visitor.newPage();
    await loginPage.goto('/login', { waitUntil: 'commit' });
    await shell(loginPage).waitFor({ state: 'attached' });
    expect(await shell(loginPage).isVisible()).toBe(false);
    guest.release();
    await loginPage.getByRole('button', { name: 'Log In' }).waitFor();
    expect(await shell(loginPage).count()).toBe(0);
  });

  it("asks for a list's rows beside the user, not once the user has come", async () => {
    const app = e2e.app();
    const { context, token } = await loggedIn(PHONE);
    const created = await app.callApi('POST', '/lists', { name: 'Seed round', description: '', list_type: 'investor' }, token);
    const listId = (created.body as { id: number }).id;
    const asked: string[] = [];
    let answerMe = () => {};
    const meHeld = new Promise<void>((resolve) => {
      answerMe = resolve;
    });
    await context.route('**/api/v1/auth/me', async (route) => {
      await meHeld;
      await route.continue();
    });
    const page = await context.newPage();
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/lists/${listId}`);
    await expect.poll(() => asked).toEqual(expect.arrayContaining(['/api/v1/auth/me', `/api/v1/lists/${listId}`, `/api/v1/lists/${listId}/items`]));
    answerMe();
    await page.getByRole('heading', { level: 1, name: 'Seed round' }).waitFor();
  });
});
