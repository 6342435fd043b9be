// The whole client on jsdom's localStorage, an IndexedDB implementation (fake-indexeddb) and the real
// server behind a network that can hold every answer back: a cold start paints the logged-in frame — the user
// and the sidebar's lists — from the frame stored in localStorage, also before IndexedDB opens;
// online it fetches them anew all the same; it never shows one user's frame to another, and Log Out
// or an expired session removes it.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { SESSION_STORAGE_KEYS } from '@/lib/session';
import { createFramePersister, frameStorageKey } from '@/features/offline/persisters/frame-persister';
import type { ListSummary, User } from '@/shared/api-types';
import { call, useServerNetwork, createAccount, storeSession, type Account } from '../helpers/real-server';
import { startApp } from '../helpers/start-app';

/** A token shaped as the server's (a JWT naming the user) whose signature the server refuses, as an expired one. */
const refusedTokenOf = (userId: number) => `e30.${Buffer.from(JSON.stringify({ sub: String(userId) })).toString('base64url')}.sig`;


/** Holds every answer back until the returned release(). */
function holdAnswers() {
  const release = network.holdAnswers();
  return () => act(async () => release());
}

const userOf = (account: Account): User => ({
  id: account.id,
  first_name: account.first_name,
  last_name: account.last_name,
  email: account.email,
  profile_photo: null,
});

/** A list of the account's, holding the first `items` investors or funds of the catalogue. */
async function createList(account: Account, name: string, listType: 'investor' | 'fund', items: number): Promise<ListSummary> {
  const token = account.tokens.access_token;
  const created = await call<ListSummary>('POST', '/lists', { token, body: { name, description: '', list_type: listType } });
  expect(created.status).toBe(201);
  const kind = listType === 'investor' ? 'investors' : 'funds';
  const page = await call<{ results: Array<{ id: number }> }>('GET', `/${kind}/search?page=1&per_page=${items}`, { token });
  const ids = page.body.results.map((row) => row.id);
  const added = await call('POST', `/lists/${created.body.id}/${kind}/batch`, { token, body: { [`${listType}_ids`]: ids } });
  expect(added.status).toBeLessThan(300);
  return { ...created.body, item_count: items };
}

/**
 * Holds IndexedDB back: every open request stays without an answer until release(), which then opens
 * the database for real and hands its events and result on to whoever asked.
 */
function holdIndexedDb() {
  const realOpen = indexedDB.open.bind(indexedDB);
  const held: (() => void)[] = [];
  const open = vi.spyOn(indexedDB, 'open').mockImplementation((name: string, version?: number) => {
    const request = {} as Record<string, unknown>;
    held.push(() => {
      const real = realOpen(name, version);
      for (const key of ['result', 'error', 'transaction', 'readyState'] as const) {
        Object.defineProperty(request, key, { get: () => real[key] });
      }
      for (const type of ['success', 'error', 'upgradeneeded', 'blocked']) {
        (real as unknown as Record<string, unknown>)[`on${type}`] = (event: Event) =>
          (request[`on${type}`] as ((event: Event) => void) | null | undefined)?.call(request, event);
      }
    });
    return request as unknown as IDBOpenDBRequest;
  });
  const release = () => {
    open.mockRestore();
    for (const openForReal of held.splice(0)) openForReal();
  };
  // Later tests get a working IndexedDB even if this one fails.
  onTestFinished(release);
  return { open, release };
}

let ada: Account;
let adaLists: ListSummary[];

const network = useServerNetwork();
beforeEach(async () => {
  localStorage.clear();
  ada = await createAccount();
  adaLists = [await createList(ada, 'Seed leads', 'investor', 2), await createList(ada, 'Fund shortlist', 'fund', 1)];
  // The session reads localStorage once, when its module loads: each start gets fresh modules.
  vi.resetModules();
});

const storedFrame = (userId: number) => localStorage.getItem(frameStorageKey(userId));
const accountButton = (user: { first_name: string; last_name: string; email: string }) => `${user.first_name} ${user.last_name} ${user.email}`;
const sidebarLists = () => screen.getByRole('navigation', { name: 'Lists' });

/** A frame as the app stores it, fetched `minutesAgo`: the user (unless left out) and the lists. */
async function storeFrame(user: User, lists: ListSummary[], { minutesAgo, withUser = true }: { minutesAgo: number; withUser?: boolean }) {
  const updatedAt = Date.now() - minutesAgo * 60 * 1000;
  const client = new QueryClient();
  if (withUser) client.setQueryData(['auth', 'me'], user, { updatedAt });
  client.setQueryData(['lists'], lists, { updatedAt });
  const { persistOptions } = createFramePersister({ queryKeys: [['auth', 'me'], ['lists']], currentUserId: () => user.id, throttleTime: 0 });
  await persistQueryClientSave({ queryClient: client, ...persistOptions });
  await waitFor(() => expect(storedFrame(user.id)).not.toBeNull());
}

describe('the stored frame', () => {
  afterEach(() => vi.restoreAllMocks());

  it('paints the user and the sidebar’s lists on an offline cold start, before any answer and before IndexedDB opens', async () => {
    storeSession(ada.tokens);
    await storeFrame(userOf(ada), adaLists, { minutesAgo: 60 });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const indexedDb = holdIndexedDb();
    // No answer comes: what shows can only come from the stored frame.
    const release = holdAnswers();

    await startApp('/deal-offers');

    expect(await screen.findByRole('heading', { name: 'Exclusive Offers', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: accountButton(ada) })).toBeInTheDocument();
    const [seedLeads, fundShortlist] = adaLists;
    expect(within(sidebarLists()).getByRole('link', { name: 'Seed leads, 2 items' })).toHaveAttribute('href', `/lists/${seedLeads.id}`);
    expect(within(sidebarLists()).getByRole('link', { name: 'Fund shortlist, 1 item' })).toHaveAttribute('href', `/lists/${fundShortlist.id}`);
    // The offline store was asked for meanwhile, and is not open.
    await waitFor(() => expect(indexedDb.open).toHaveBeenCalled(), { timeout: 5000 });
    await release();
    indexedDb.release();
  });

  it('online, shows the stored frame at once and replaces it with fresh answers, however recent it was', async () => {
    storeSession(ada.tokens);
    await storeFrame(userOf(ada), adaLists, { minutesAgo: 1 });
    // Since the frame was stored: renamed on another device, one list gone, another list grown.
    const token = ada.tokens.access_token;
    expect((await call('PUT', '/auth/me', { token, body: { first_name: 'Ada', last_name: 'King' } })).status).toBe(200);
    expect((await call('DELETE', `/lists/${adaLists[1].id}`, { token })).status).toBeLessThan(300);
    const page = await call<{ results: Array<{ id: number }> }>('GET', '/investors/search?page=1&per_page=5', { token });
    const grown = await call('POST', `/lists/${adaLists[0].id}/investors/batch`, { token, body: { investor_ids: page.body.results.map((row) => row.id) } });
    expect(grown.status).toBeLessThan(300);
    const release = holdAnswers();

    await startApp('/deal-offers');

    expect(await screen.findByRole('button', { name: accountButton(ada) })).toBeInTheDocument();
    expect(within(sidebarLists()).getByRole('link', { name: 'Seed leads, 2 items' })).toBeInTheDocument();
    await waitFor(() => expect(network.urls()).toEqual(expect.arrayContaining(['/api/v1/auth/me', '/api/v1/lists'])));

    await release();
    expect(await screen.findByRole('button', { name: accountButton({ ...ada, last_name: 'King' }) })).toBeInTheDocument();
    expect(await within(sidebarLists()).findByRole('link', { name: 'Seed leads, 5 items' })).toBeInTheDocument();
    expect(within(sidebarLists()).queryByText('Fund shortlist')).toBeNull();
    await waitFor(() => expect(storedFrame(ada.id)).toContain('King'), { timeout: 5000 });
  });

  it('never shows one user’s frame to the next user on the device', async () => {
    await storeFrame(userOf(ada), adaLists, { minutesAgo: 2 });
    const grace = await createAccount({ first_name: 'Grace', last_name: 'Hopper' });
    storeSession(grace.tokens);
    network.reset();
    const release = holdAnswers();

    const app = await startApp('/deal-offers');

    // Grace has no stored frame: nothing renders until her user has loaded, never Ada's.
    await waitFor(() => expect(network.urls()).toContain('/api/v1/auth/me'));
    expect(app.container).toBeEmptyDOMElement();
    await release();
    expect(await screen.findByRole('button', { name: accountButton(grace) })).toBeInTheDocument();
    expect(screen.queryByText('Seed leads')).toBeNull();
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
  });

  it('is stored as the user and the lists load, and removed by Log Out', async () => {
    storeSession(ada.tokens);
    const user = userEvent.setup();
    await startApp('/deal-offers');
    await waitFor(() => expect(storedFrame(ada.id)).toContain('Fund shortlist'), { timeout: 5000 });
    expect(storedFrame(ada.id)).toContain(ada.email);

    await user.click(await screen.findByRole('button', { name: accountButton(ada) }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Log Out' }));

    // Log Out first gives queued additions up to 3 s to be sent.
    expect(await screen.findByRole('heading', { name: 'Log in to Fundscape' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.access)).toBeNull();
    expect(storedFrame(ada.id)).toBeNull();
    // Nothing due from before the logout writes it back.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(storedFrame(ada.id)).toBeNull();
  });

  it('is removed when the session has expired', async () => {
    storeSession({ access_token: refusedTokenOf(ada.id), refresh_token: 'revoked-refresh-token' });
    // The lists alone: the user is asked for first, and the refused refresh ends the session.
    await storeFrame(userOf(ada), adaLists, { minutesAgo: 20, withUser: false });

    const app = await startApp('/deal-offers');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(network.urls()).toContain('/api/v1/auth/refresh');
    expect(storedFrame(ada.id)).toBeNull();
  });
});
