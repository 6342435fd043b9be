// The whole client (router, guards, session, API client) on a memory history against the real server:
// logged-out visitors go to /login and logged-in ones away from the auth pages, nothing renders while
// the current user loads, Log Out, and a failed refresh sends the user to /login. The real answers
// are persisted for offline reading, so the suite needs an IndexedDB (fake-indexeddb).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEYS } from '@/lib/session';
import { useServerNetwork, call, createAccount, storeSession, type Account } from '../helpers/real-server';
import { startApp } from '../helpers/start-app';

/** Where Log Out notes a session the server has yet to end. */
const PENDING_LOGOUTS = 'fundscape.pending_logouts';

/** An access token the server refuses, as it refuses an expired one. */
const EXPIRED = 'expired-access-token';

let ada: Account;

const network = useServerNetwork();
beforeEach(async () => {
  localStorage.clear();
  ada = await createAccount();
  // The session reads localStorage once, when its module loads: each test starts with fresh modules.
  vi.resetModules();
});
afterEach(() => {
  document.title = '';
});

const logIn = () => storeSession(ada.tokens);
const adaButton = () => `${ada.first_name} ${ada.last_name} ${ada.email}`;

describe('guards and session', () => {
  it('sends a logged-out visitor to /login, keeping the asked-for page', async () => {
    const app = await startApp('/profile?tab=security');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(app.location().search).toEqual({ redirect: '/profile?tab=security' });
    expect(await screen.findByRole('heading', { name: 'Log in to Fundscape' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Log In | Fundscape'));
    expect(network.sent).toHaveLength(0);
  });

  it('sends a logged-in visitor away from the auth pages to /investors', async () => {
    logIn();
    for (const path of ['/login', '/', '/register', '/forgot-password']) {
      vi.resetModules();
      const app = await startApp(path);
      await waitFor(() => expect(app.location().pathname).toBe('/investors'));
      app.unmount();
    }
  });

  it('renders nothing until the current user has loaded, then the page with the sidebar', async () => {
    logIn();
    const release = network.holdAnswers();
    const app = await startApp('/profile');
    await waitFor(() => expect(network.urls()).toContain('/api/v1/auth/me'));
    expect(app.container).toBeEmptyDOMElement();

    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Account Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText('Ada Lovelace').length).toBeGreaterThan(0);
    expect(screen.getAllByText(ada.email).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toBe('Account Settings | Fundscape'));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Investors', '/investors'],
      ['Funds', '/funds'],
      ['Exclusive Offers', '/deal-offers'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('sends the user to /login when the refresh fails, removing the tokens', async () => {
    storeSession({ access_token: EXPIRED, refresh_token: 'revoked-refresh-token' });
    const app = await startApp('/profile');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(app.location().search).toEqual({ redirect: '/profile' });
    expect(network.urls().filter((url) => url === '/api/v1/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.access)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refresh)).toBeNull();
    expect(app.session.isLoggedIn()).toBe(false);
  });

  it('forgets the user’s offline data when the server has ended the session (a log-out elsewhere), as Log Out does', async () => {
    const { OfflineDb } = await import('@/features/offline/db/offline-db');
    const db = new OfflineDb();
    const stored = { key: 'lists', value: '{}', savedAt: Date.now() };
    await db.queries.bulkPut([{ ...stored, userId: ada.id }, { ...stored, userId: ada.id + 1000 }]);
    const change = { kind: 'list-add', request: { method: 'POST', path: '/api/v1/lists/1/investors/batch' }, payload: {}, createdAt: 0, attempts: 0, lastError: null };
    await db.outbox.bulkAdd([
      { ...change, userId: ada.id, idempotencyKey: 'ada' },
      { ...change, userId: ada.id + 1000, idempotencyKey: 'someone' },
    ] as never);
    // Logged out on another device: this one still holds both tokens (its access token refused, as an expired one is).
    expect((await call('POST', '/auth/logout', { body: { refresh_token: ada.tokens.refresh_token } })).status).toBe(204);
    const refused = `e30.${Buffer.from(JSON.stringify({ sub: String(ada.id) })).toString('base64url')}.sig`;
    storeSession({ access_token: refused, refresh_token: ada.tokens.refresh_token });

    const app = await startApp('/profile');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(app.location().search).toEqual({ redirect: '/profile' });
    await waitFor(async () => expect(await db.queries.where('userId').equals(ada.id).count()).toBe(0));
    expect(await db.outbox.where('userId').equals(ada.id).count()).toBe(0);
    // Another user's stay (the offline database outlives each test: earlier tests' users have rows in it too).
    expect(await db.queries.where('userId').equals(ada.id + 1000).count()).toBe(1);
    expect((await db.outbox.where('userId').equals(ada.id + 1000).toArray()).map((row) => row.idempotencyKey)).toEqual(['someone']);
    db.close();
  });

  it('renews an expired access token without the user noticing', async () => {
    storeSession({ access_token: EXPIRED, refresh_token: ada.tokens.refresh_token });
    const app = await startApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Account Settings', level: 1 })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/profile');
    expect(network.urls()).toContain('/api/v1/auth/refresh');
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.access)).not.toBe(EXPIRED);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refresh)).not.toBe(ada.tokens.refresh_token);
  });

  it('logs out from the account menu: tokens, flag and cached data gone, back at /login', async () => {
    logIn();
    const user = userEvent.setup();
    const app = await startApp('/deal-offers');
    expect(await screen.findByRole('heading', { name: 'Exclusive Offers', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Deal Offers | Fundscape'));
    expect(app.queryClient.getQueryData(['auth', 'me'])).toMatchObject({ id: ada.id, email: ada.email });

    await user.click(screen.getByRole('button', { name: adaButton() }));
    const menu = await screen.findByRole('menu');
    for (const item of ['Profile', 'Account Setting', 'Billing', 'Contact us', 'Log Out']) {
      expect(within(menu).getByRole('menuitem', { name: item })).toBeInTheDocument();
    }
    await user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));

    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(app.location().search).toEqual({});
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.access)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refresh)).toBeNull();
    expect(app.session.isLoggedIn()).toBe(false);
    // Dropped once /login is drawn (src/app/session-sync.ts), a task after the URL changed.
    await waitFor(() => expect(app.queryClient.getQueryData(['auth', 'me'])).toBeUndefined());

    // The server ended the session too: neither token works any more, and no note is left to send.
    expect(network.sent).toContainEqual(
      expect.objectContaining({ method: 'POST', url: '/api/v1/auth/logout', body: { refresh_token: ada.tokens.refresh_token } }),
    );
    await waitFor(() => expect(localStorage.getItem(PENDING_LOGOUTS)).toBeNull());
    expect((await call('GET', '/auth/me', { token: ada.tokens.access_token })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { body: { refresh_token: ada.tokens.refresh_token } })).status).toBe(401);
  });

  it('logs out offline at once, and ends the session on the server when back online', async () => {
    logIn();
    const user = userEvent.setup();
    const app = await startApp('/deal-offers');
    expect(await screen.findByRole('heading', { name: 'Exclusive Offers', level: 1 })).toBeInTheDocument();
    const online = globalThis.fetch;
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    await user.click(screen.getByRole('button', { name: adaButton() }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(app.session.isLoggedIn()).toBe(false);
    expect(JSON.parse(localStorage.getItem(PENDING_LOGOUTS)!)).toEqual([ada.tokens.refresh_token]);
    expect((await call('GET', '/auth/me', { token: ada.tokens.access_token })).status).toBe(200);

    vi.stubGlobal('fetch', online);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(localStorage.getItem(PENDING_LOGOUTS)).toBeNull());
    expect(network.urls()).toContain('/api/v1/auth/logout');
    expect((await call('GET', '/auth/me', { token: ada.tokens.access_token })).status).toBe(401);
  });

  it('sends a log-out the last visit could not at the next start', async () => {
    localStorage.setItem(PENDING_LOGOUTS, JSON.stringify([ada.tokens.refresh_token]));
    await startApp('/login');
    await waitFor(() => expect(localStorage.getItem(PENDING_LOGOUTS)).toBeNull());
    expect(network.sent).toContainEqual(
      expect.objectContaining({ method: 'POST', url: '/api/v1/auth/logout', body: { refresh_token: ada.tokens.refresh_token } }),
    );
    expect((await call('POST', '/auth/refresh', { body: { refresh_token: ada.tokens.refresh_token } })).status).toBe(401);
  });

  it('opens Profile from the account menu', async () => {
    logIn();
    const user = userEvent.setup();
    const app = await startApp('/deal-offers');
    await user.click(await screen.findByRole('button', { name: adaButton() }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(app.location().pathname).toBe('/profile'));
  });

  it('shows the not-found page for an unknown path', async () => {
    await startApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found | Fundscape'));
  });
});
