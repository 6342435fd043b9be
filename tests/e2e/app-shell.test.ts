// The frame index.html paints before the app's code has run (issue 34: a phone on a slow network saw a
// white page until then), in headless Chromium against the built app: with a session, the app bar on a
// phone and the sidebar from 768 px, allowed by the CSP; without one, nothing; once the app has rendered,
// the app's own frame in its place.
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SESSION_STORAGE_KEYS } from '../../src/lib/session.js';
import { describeE2E, useE2EApp } from '../helpers/e2e.js';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

describeE2E('the frame painted before the app loads', () => {
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

  async function loggedInContext(options: Parameters<ReturnType<typeof e2e.app>['newContext']>[0]) {
    const app = e2e.app();
    const tokens = await app.loginTokens(await app.createUser());
    return app.newContext({
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
  }

  const shell = (page: Page) => page.locator('#app-shell');

  it('shows a logged-in phone its app bar before any script has loaded, then the app in its place', async () => {
    const context = await loggedInContext(PHONE);
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
    const desktop = await loggedInContext({ viewport: { width: 1280, height: 800 } });
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
});
