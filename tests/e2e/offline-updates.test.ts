// New versions (issue 5), in headless Chromium: a new service worker waits and is offered with a
// 'Reload' toast, never forced on the open page; a route chunk that fails to load after a deploy
// reloads the page once instead of leaving it broken (once back online, if it failed offline), and never loops.
import { cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { buildApp } from '../../src/server/app.js';
import { openDatabase } from '../../src/server/db/client.js';
import { createMailer } from '../../src/server/mail/mailer.js';
import { startSession } from '../../src/server/modules/auth/sessions.js';
import { SESSION_STORAGE_KEYS } from '../../src/lib/session.js';
import { testConfig } from '../helpers/app.js';
import { describeE2E, useE2EApp } from '../helpers/e2e.js';
import { createVerifiedUser } from '../helpers/users.js';
import { waitForPersistedQuery, waitForServiceWorker } from './offline-helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Counts the page's loads; a reload shows as one more. */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => (loads.count += 1));
  return loads;
}

/**
 * Matches the Funds route's own chunk: a funds-*.js the open page has not loaded yet. The funds
 * catalogue descriptor is a chunk of the same name that the frame already holds; failing that one
 * would break the whole page, not the one route this is about.
 */
async function fundsRouteChunk(page: Page): Promise<(url: URL) => boolean> {
  const loaded = new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name)));
  return (url) => /\/assets\/funds-[^/]+\.js$/.test(url.pathname) && !loaded.has(url.href);
}

describeE2E('new versions', () => {
  // Started for its build of the client (npm start's code path) and its browser.
  const e2e = useE2EApp({ serviceWorkers: 'allow' });

  /**
   * The app serving its own copy of the built client, so a test can "deploy" a new service worker
   * without touching dist/. Answers the server's URL, the copy's folder and a logged-in session.
   */
  async function appOnCopyOfClient() {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'fundscape-client-'));
    cpSync(path.join(root, 'dist'), clientDir, { recursive: true });
    // A copy of the suites' seeded database: migrated already, where a new one is migrated from scratch.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fundscape-data-'));
    cpSync(inject('e2eSeededDataDir'), dataDir, { recursive: true });
    const database = await openDatabase({ dataDir });
    const config = testConfig();
    const server = await buildApp({ database, config, mailer: createMailer({ from: config.mailFrom, log: () => {} }), clientDir, rateLimit: false });
    await server.listen({ port: 0, host: '127.0.0.1' });
    onTestFinished(async () => {
      await server.close();
      await database.close();
      rmSync(clientDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    });
    const { user } = await createVerifiedUser(server);
    const tokens = await startSession(server.db, config.jwtSecret, user.id);
    return { baseUrl: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`, clientDir, tokens };
  }

  it('offers a new version with a Reload toast and switches only when asked', async () => {
    const { baseUrl, clientDir, tokens } = await appOnCopyOfClient();
    const context = await e2e.app().browser.newContext({
      baseURL: baseUrl,
      storageState: {
        cookies: [],
        origins: [
          {
            origin: baseUrl,
            localStorage: [
              { name: SESSION_STORAGE_KEYS.access, value: tokens.access_token },
              { name: SESSION_STORAGE_KEYS.refresh, value: tokens.refresh_token },
            ],
          },
        ],
      },
    });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/investors');
    await waitForServiceWorker(page);
    await page.getByText('Ready to work offline').waitFor();

    // Deploy: a different service worker script.
    const swFile = path.join(clientDir, 'sw.js');
    writeFileSync(swFile, `${readFileSync(swFile, 'utf8')}\n// the next version\n`);
    await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    await page.getByText('A new version of Fundscape is available.').waitFor();
    const waiting = () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    await expect.poll(waiting).toBe(true);
    // Not forced: the open page keeps its worker and is not reloaded.
    await page.waitForTimeout(1500);
    expect(await waiting()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);

    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded ?? false)).toBe(false);
    await waitForServiceWorker(page);
    expect(await waiting()).toBe(false);
    expect(await page.getByText('A new version of Fundscape is available.').count()).toBe(0);
  });

  it('reloads once when a route chunk fails to load after a deploy, then works', async () => {
    const { page } = await e2e.app().loggedInPage('/investors', { context: { serviceWorkers: 'block' } });
    const loads = countLoads(page);
    let failures = 0;
    await page.route(await fundsRouteChunk(page), async (route) => {
      if (failures === 0) {
        failures += 1;
        await route.fulfill({ status: 404, body: 'Not found' });
      } else {
        await route.continue();
      }
    });

    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Funds' }).click();
    await expect.poll(() => loads.count).toBe(1);
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Funds' }).click();
    await page.getByRole('heading', { name: 'Funds', level: 1 }).waitFor();
    await page.waitForTimeout(1000);
    expect(loads.count).toBe(1);
  });

  it('keeps the app, not the browser offline page, when a chunk fails offline, and reloads once back online', async () => {
    const { page, context } = await e2e.app().loggedInPage('/investors', { context: { serviceWorkers: 'block' } });
    await page.waitForLoadState('networkidle');
    const loads = countLoads(page);

    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Funds' }).click();
    await page.getByRole('heading', { name: 'Not available offline' }).waitFor();
    await page.waitForTimeout(1000);
    expect(loads.count).toBe(0);

    await context.setOffline(false);
    await expect.poll(() => loads.count).toBe(1);
    await page.getByRole('heading', { name: 'Funds', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/funds');
  });

  it('keeps the app when a toast or a dialog needs its chunk offline, and loads them once back online, without a reload', async () => {
    const app = e2e.app();
    const user = await app.createUser();
    const { tokens } = await app.loggedInPage('/investors', { user });
    expect((await app.callApi('POST', '/lists', { name: 'Seed leads', list_type: 'investor' }, tokens.access_token)).status).toBe(201);
    // No service worker holds the chunks, and no toast has been shown yet: the toast host's chunk is not loaded.
    const { page, context } = await app.loggedInPage('/investors', { user, context: { serviceWorkers: 'block' } });
    await page.locator('.MuiDataGrid-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    // The offline store's code loads once the page has painted and the browser is idle, which on a busy
    // machine can come after the network is idle: a founder offline that early could not queue a change.
    await waitForPersistedQuery(page, 'lists');
    const loads = countLoads(page);

    await context.setOffline(true);
    await page.locator('.MuiDataGrid-row').first().getByRole('checkbox').check();
    await page.getByRole('toolbar').getByRole('button', { name: 'add to Seed leads' }).click();
    const seedLeads = page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: /^Seed leads, / });
    await expect.poll(() => seedLeads.getAttribute('aria-label')).toMatch(/^Seed leads, 1 item/);
    await page.waitForTimeout(1000);
    expect(await page.getByRole('heading', { name: 'Investors', level: 1 }).isVisible()).toBe(true);
    // A dialog whose form has not been loaded yet says it opens once back online.
    await page.getByRole('toolbar').getByRole('button', { name: 'Create New List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create new list' });
    await dialog.getByRole('status').filter({ hasText: 'You are offline. This opens once you are back online.' }).waitFor();

    await context.setOffline(false);
    await dialog.getByLabel(/^Name/).waitFor();
    const toasts = page.locator('.notistack-SnackbarContainer');
    await toasts.getByText('No connection: 1 investor will be added to Seed leads once you are back online').waitFor();
    await toasts.getByText('1 row added while offline is now saved to your lists').waitFor();
    expect(loads.count).toBe(0);
  });

  it('reloads only once when the chunk is still missing, and then says what went wrong', async () => {
    const { page } = await e2e.app().loggedInPage('/investors', { context: { serviceWorkers: 'block' } });
    const loads = countLoads(page);
    await page.route(await fundsRouteChunk(page), (route) => route.fulfill({ status: 404, body: 'Not found' }));

    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Funds' }).click();
    await expect.poll(() => loads.count).toBe(1);
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Funds' }).click();
    await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor();
    await page.waitForTimeout(1000);
    expect(loads.count).toBe(1);
  });
});
