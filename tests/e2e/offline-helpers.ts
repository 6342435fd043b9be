// What the offline suites read in the browser: the service worker's state and the app's IndexedDB.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { SESSION_STORAGE_KEYS } from '../../src/lib/session.js';
import type { Investor, Paged } from '../../src/shared/api-types.js';
import { SUITE_CHROME_PATH, type E2EApp } from '../helpers/e2e.js';

/**
 * A logged-in page in a persistent (non-incognito) Chromium profile of its own, as an installed app
 * runs in. close() ends the browser and removes the profile.
 */
export async function persistentLoggedInPage(app: E2EApp, pathname: string) {
  const profile = mkdtempSync(path.join(tmpdir(), 'fundscape-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: SUITE_CHROME_PATH,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    baseURL: app.baseUrl,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: app.clientHeaders(),
  });
  const { tokens } = await app.signUp();
  const page = context.pages()[0] ?? (await context.newPage());
  // A same-origin file that is not the app, so the tokens are in place before the app first starts.
  await page.goto('/manifest.webmanifest');
  await page.evaluate(
    ([keys, access, refresh]) => {
      localStorage.setItem(keys.access, access);
      localStorage.setItem(keys.refresh, refresh);
    },
    [SESSION_STORAGE_KEYS, tokens.access_token, tokens.refresh_token] as const,
  );
  await page.goto(pathname);
  await page.getByRole('navigation', { name: 'Main' }).first().waitFor({ state: 'attached' });
  return {
    page,
    context: {
      async close() {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    },
  };
}

/** Waits until a service worker is active and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/** How many rows a store of the app's IndexedDB ('fundscape') holds, optionally for one user. */
export function countStoredRows(page: Page, store: 'queries' | 'outbox', userId?: number): Promise<number> {
  return page.evaluate(
    ([storeName, user]) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('fundscape');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            resolve(0);
            return;
          }
          const objects = db.transaction(storeName, 'readonly').objectStore(storeName);
          const request = user === null ? objects.count() : objects.index('userId').count(user);
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    [store, userId ?? null] as const,
  );
}

/** Persisted query answers of every user. */
export function persistedQueryRows(page: Page): Promise<number> {
  return countStoredRows(page, 'queries');
}

/** The keys of the answers stored in the app's IndexedDB ('query-' and the query's hash). */
export function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('fundscape');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction('queries', 'readonly').objectStore('queries').getAll();
          request.onsuccess = () => {
            db.close();
            resolve((request.result as { key: string }[]).map((row) => row.key));
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/**
 * Waits until an answer whose query key holds every part is stored: answers are written once the page
 * has painted and the browser is idle, so a page left sooner may not have stored its own yet.
 */
export async function waitForPersistedQuery(page: Page, ...parts: unknown[]): Promise<void> {
  const fragments = parts.map((part) => JSON.stringify(part));
  await expect
    .poll(async () => (await persistedQueryKeys(page)).some((key) => fragments.every((fragment) => key.includes(fragment))), { timeout: 15_000 })
    .toBe(true);
}

/** The first `count` investors of a page of the catalogue (15 a page). */
export async function investorsOf(app: E2EApp, accessToken: string, count: number, pageNumber = 1): Promise<Investor[]> {
  const res = await app.callApi('GET', `/investors/search?page=${pageNumber}&per_page=15`, undefined, accessToken);
  if (res.status !== 200) throw new Error(`investors/search answered ${res.status}`);
  return (res.body as unknown as Paged<Investor>).results.slice(0, count);
}
