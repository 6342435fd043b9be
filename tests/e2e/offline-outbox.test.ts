// Queued list additions (issue 5) in headless Chromium against the built app: rows added offline show
// at once as pending, land on the server exactly once when the connection is back — also after the
// tab was closed, after the access token expired meanwhile, and with two tabs open — and Log Out
// warns about what is not synced yet.
import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SESSION_STORAGE_KEYS } from '../../src/lib/session.js';
import type { Investor, ListSummary } from '../../src/shared/api-types.js';
import { describeE2E, useE2EApp, type E2EApp, type TestUser } from '../helpers/e2e.js';
import { countStoredRows, investorsOf, waitForPersistedQuery, waitForServiceWorker } from './offline-helpers.js';

// The server signs access tokens with this, so the suite can mint one that has expired.
const JWT_SECRET = randomBytes(32).toString('base64url');
process.env.JWT_SECRET = JWT_SECRET;

const fullName = (investor: Investor) => `${investor.first_name} ${investor.last_name}`;

describeE2E('queued list additions', () => {
  const e2e = useE2EApp({ serviceWorkers: 'allow' });

  interface Setup {
    app: E2EApp;
    page: Page;
    context: BrowserContext;
    accessToken: string;
    user: TestUser;
    list: ListSummary;
    investors: Investor[];
  }

  /** A logged-in page with the service worker in control, an empty investor list, and both pages visited once online. */
  async function setUp(listName: string): Promise<Setup> {
    const app = e2e.app();
    const { page, context, tokens, user } = await app.loggedInPage('/investors');
    await waitForServiceWorker(page);
    const created = await app.callApi('POST', '/lists', { name: listName, description: '', list_type: 'investor' }, tokens.access_token);
    expect(created.status).toBe(201);
    const list = created.body as unknown as ListSummary;
    const investors = await investorsOf(app, tokens.access_token, 5);
    await page.goto(`/lists/${list.id}`);
    await page.getByText('You haven’t save anything to this list', { exact: false }).waitFor();
    // Answers are stored once the page has painted and the browser is idle: leave the list's page
    // before then and it could not be read offline.
    await waitForPersistedQuery(page, 'lists', list.id, 'items');
    await openInvestors(page, listName, investors[0]);
    return { app, page, context, accessToken: tokens.access_token, user, list, investors };
  }

  /** /investors with its rows and the list's 'add to' button, once restored answers are refreshed. */
  async function openInvestors(page: Page, listName: string, firstRow: Investor) {
    await page.goto('/investors');
    await page.getByText(fullName(firstRow)).first().waitFor();
    await page.getByRole('navigation', { name: 'Lists' }).getByText(listName).waitFor();
    await page.waitForLoadState('networkidle');
  }

  async function addToList(page: Page, listName: string, investors: Investor[]) {
    for (const investor of investors) {
      await page.getByRole('row').filter({ hasText: fullName(investor) }).getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: `add to ${listName}` }).click();
  }

  /** The ids on the list as the server has them, and its item count. */
  async function serverList(app: E2EApp, accessToken: string, listId: number) {
    const res = await app.callApi('GET', `/lists/${listId}`, undefined, accessToken);
    expect(res.status).toBe(200);
    const list = res.body as unknown as ListSummary & { items: Investor[] };
    return { ids: list.items.map((item) => item.id).sort((a, b) => a - b), count: list.item_count };
  }

  const sortedIds = (investors: Investor[]) => investors.map((i) => i.id).sort((a, b) => a - b);

  it('shows additions made offline as pending and sends them exactly once when back online', async () => {
    const { app, page, context, accessToken, list, investors } = await setUp('Seed targets');
    const added = investors.slice(0, 2);
    await context.setOffline(true);
    await addToList(page, 'Seed targets', added);
    await page.getByText('No connection: 2 investors will be added to Seed targets', { exact: false }).waitFor();
    await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Seed targets, 2 items, 2 pending sync' }).waitFor();

    // Reloaded offline, the list shows them, marked pending.
    await page.goto(`/lists/${list.id}`);
    for (const investor of added) await page.getByRole('img', { name: `${fullName(investor)}: pending sync` }).waitFor();
    await page.getByText('2 investors · 2 pending').waitFor();
    expect((await serverList(app, accessToken, list.id)).ids).toEqual([]);

    await context.setOffline(false);
    await page.getByText('2 rows added while offline are now saved to your lists').waitFor();
    await expect.poll(() => page.getByRole('img', { name: /pending sync/ }).count()).toBe(0);
    await page.getByText(fullName(added[1])).first().waitFor();
    expect(await serverList(app, accessToken, list.id)).toEqual({ ids: sortedIds(added), count: 2 });
    expect(await countStoredRows(page, 'outbox')).toBe(0);

    // Nothing is sent twice: a reload replays nothing.
    await page.reload();
    await page.getByText(fullName(added[0])).first().waitFor();
    expect(await serverList(app, accessToken, list.id)).toEqual({ ids: sortedIds(added), count: 2 });
  });

  it('keeps the queue when the tab is closed offline and sends it when the app is opened again', async () => {
    const { app, page, context, accessToken, list, investors } = await setUp('After restart');
    await context.setOffline(true);
    await addToList(page, 'After restart', investors.slice(2, 3));
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(1);
    await page.close();

    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto('/investors');
    // Sent once the page has painted and the browser is idle (src/lib/after-first-paint.ts: at most 7 s after the load).
    await expect.poll(async () => (await serverList(app, accessToken, list.id)).ids, { timeout: 10_000 }).toEqual([investors[2].id]);
    await expect.poll(() => countStoredRows(reopened, 'outbox')).toBe(0);
    expect((await serverList(app, accessToken, list.id)).count).toBe(1);
  });

  it('refreshes an access token that expired while offline, then replays', async () => {
    const { app, page, context, accessToken, list, investors } = await setUp('Token expired');
    await context.setOffline(true);
    await addToList(page, 'Token expired', investors.slice(3, 4));
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(1);

    const claims = decodeJwt(accessToken);
    const issuedAt = Math.floor(Date.now() / 1000) - 20 * 60;
    const expired = await new SignJWT({ typ: 'access', ...(claims.sid ? { sid: claims.sid } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 15 * 60)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const refreshBefore = await page.evaluate(
      ([keys, token]) => {
        localStorage.setItem(keys.access, token);
        return localStorage.getItem(keys.refresh);
      },
      [SESSION_STORAGE_KEYS, expired] as const,
    );
    const refreshCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/refresh')) refreshCalls.push(request.url());
    });

    await context.setOffline(false);
    await expect.poll(async () => (await serverList(app, accessToken, list.id)).ids).toEqual([investors[3].id]);
    expect(refreshCalls.length).toBeGreaterThanOrEqual(1);
    const after = await page.evaluate((keys) => [localStorage.getItem(keys.access), localStorage.getItem(keys.refresh)], SESSION_STORAGE_KEYS);
    expect(after[0]).not.toBe(expired);
    expect(after[1]).not.toBe(refreshBefore);
    expect(page.url()).not.toMatch(/\/login/);
  });

  it('two open tabs send each queued addition once', async () => {
    const { app, page, context, accessToken, list, investors } = await setUp('Two tabs');
    const second = await context.newPage();
    await openInvestors(second, 'Two tabs', investors[0]);
    const posts: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/lists/${list.id}/investors/batch`)) posts.push(request.url());
    });

    await context.setOffline(true);
    await addToList(page, 'Two tabs', investors.slice(0, 1));
    await addToList(second, 'Two tabs', investors.slice(1, 3));
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(2);

    await context.setOffline(false);
    await expect.poll(async () => (await serverList(app, accessToken, list.id)).ids).toEqual(sortedIds(investors.slice(0, 3)));
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(0);
    expect(posts).toHaveLength(2);
    expect((await serverList(app, accessToken, list.id)).count).toBe(3);
  });

  it('warns before a logout would lose additions not synced yet', async () => {
    const { app, page, context, accessToken, user, list, investors } = await setUp('Before logout');
    await context.setOffline(true);
    await addToList(page, 'Before logout', investors.slice(0, 1));
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(1);

    const logOut = async () => {
      await page.getByRole('button', { name: /^Ada Lovelace / }).click();
      await page.getByRole('menuitem', { name: 'Log Out' }).click();
    };
    await logOut();
    const dialog = page.getByRole('dialog', { name: 'Log out with unsynced changes?' });
    await dialog.getByText('1 change to your lists is not synced yet', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Stay logged in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await countStoredRows(page, 'outbox')).toBe(1);

    await logOut();
    await dialog.getByRole('button', { name: 'Log out anyway' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => countStoredRows(page, 'outbox')).toBe(0);
    await expect.poll(() => countStoredRows(page, 'queries')).toBe(0);

    // Back online, the log-out reaches the server too: that session's token is refused from then on.
    await context.setOffline(false);
    await expect.poll(async () => (await app.callApi('GET', '/auth/me', undefined, accessToken)).status, { timeout: 10_000 }).toBe(401);
    expect((await serverList(app, (await app.loginTokens(user)).access_token, list.id)).ids).toEqual([]);
  });
});
