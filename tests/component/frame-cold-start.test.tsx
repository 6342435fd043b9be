// The whole client on jsdom's localStorage, an IndexedDB implementation (fake-indexeddb) and a
// stand-in server that can hold every answer back: a cold start paints the logged-in frame — the user
// and the sidebar's lists — from the frame stored in localStorage, also before IndexedDB opens;
// online it fetches them anew all the same; it never shows one user's frame to another, and Log Out
// or an expired session removes it.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { SESSION_STORAGE_KEYS } from '@/lib/session';
import { createFramePersister, frameStorageKey } from '@/lib/frame-persister';
import type { ListSummary, User } from '@/shared/api-types';
import { json, routeFetchTo, startStandInServer, type Answer, type RecordedRequest } from '../helpers/stand-in-server';

vi.setConfig({ testTimeout: 30_000 });

const ada: User = { id: 7, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', profile_photo: null };
const grace: User = { id: 8, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test', profile_photo: null };
const adaLists: ListSummary[] = [
  { id: 3, name: 'Seed leads', description: '', list_type: 'investor', item_count: 2 },
  { id: 4, name: 'Fund shortlist', description: '', list_type: 'fund', item_count: 1 },
];

/** An access token shaped as the server's (a JWT naming the user); only its `sub` is read here. */
const tokenOf = (userId: number) => `e30.${Buffer.from(JSON.stringify({ sub: String(userId) })).toString('base64url')}.sig`;

let server: Awaited<ReturnType<typeof startStandInServer>>;
let answer: (request: RecordedRequest) => Answer | Promise<Answer>;

/** The server as it answers a logged-in user: the user and their lists. */
function answerAs(user: User, lists: ListSummary[]) {
  return (request: RecordedRequest): Answer => {
    if (request.headers.authorization !== `Bearer ${tokenOf(user.id)}`) return json(401, { detail: 'Access token is invalid or expired' });
    if (request.url === '/api/v1/auth/me') return json(200, user);
    if (request.url === '/api/v1/lists') return json(200, lists);
    return json(404, { detail: 'Not found' });
  };
}

/** Holds every answer back until release() is called. */
function holdAnswers(then: (request: RecordedRequest) => Answer) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  answer = async (request) => {
    await gate;
    return then(request);
  };
  // A failing test must not leave calls open: the server would not close.
  onTestFinished(() => release());
  return () => act(async () => release());
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

beforeAll(async () => {
  server = await startStandInServer((request) => answer(request));
  routeFetchTo(server.origin);
  window.scrollTo = () => {};
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});
beforeEach(() => {
  localStorage.clear();
  server.requests.length = 0;
  // The session reads localStorage once, when its module loads: each start gets fresh modules.
  vi.resetModules();
});

function logIn(userId: number) {
  localStorage.setItem(SESSION_STORAGE_KEYS.access, tokenOf(userId));
  localStorage.setItem(SESSION_STORAGE_KEYS.refresh, `refresh-${userId}`);
}

async function startApp(path: string) {
  const [{ App }, { createAppRouter }, { createQueryClient }, { session }] = await Promise.all([
    import('@/app/App'),
    import('@/app/router'),
    import('@/lib/query-client'),
    import('@/lib/session'),
  ]);
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, auth: session, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<App router={router} queryClient={queryClient} session={session} />);
  return { ...view, router, queryClient, session };
}

const storedFrame = (userId: number) => localStorage.getItem(frameStorageKey(userId));
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
    logIn(ada.id);
    await storeFrame(ada, adaLists, { minutesAgo: 60 });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const indexedDb = holdIndexedDb();
    // No answer comes: what shows can only come from the stored frame.
    const release = holdAnswers(() => ({ status: 503 }));

    await startApp('/deal-offers');

    expect(await screen.findByRole('heading', { name: 'Exclusive Offers', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ada Lovelace ada@example.test' })).toBeInTheDocument();
    expect(within(sidebarLists()).getByRole('link', { name: 'Seed leads, 2 items' })).toHaveAttribute('href', '/lists/3');
    expect(within(sidebarLists()).getByRole('link', { name: 'Fund shortlist, 1 item' })).toHaveAttribute('href', '/lists/4');
    // The offline store was asked for meanwhile, and is not open.
    await waitFor(() => expect(indexedDb.open).toHaveBeenCalled(), { timeout: 5000 });
    await release();
    indexedDb.release();
  });

  it('online, shows the stored frame at once and replaces it with fresh answers, however recent it was', async () => {
    logIn(ada.id);
    await storeFrame(ada, adaLists, { minutesAgo: 1 });
    const renamed = { ...ada, last_name: 'King' };
    const release = holdAnswers(answerAs(renamed, [{ ...adaLists[0], item_count: 5 }]));

    await startApp('/deal-offers');

    expect(await screen.findByRole('button', { name: 'Ada Lovelace ada@example.test' })).toBeInTheDocument();
    expect(within(sidebarLists()).getByRole('link', { name: 'Seed leads, 2 items' })).toBeInTheDocument();
    await waitFor(() => expect(server.requests.map((request) => request.url)).toEqual(expect.arrayContaining(['/api/v1/auth/me', '/api/v1/lists'])));

    await release();
    expect(await screen.findByRole('button', { name: 'Ada King ada@example.test' })).toBeInTheDocument();
    expect(await within(sidebarLists()).findByRole('link', { name: 'Seed leads, 5 items' })).toBeInTheDocument();
    expect(within(sidebarLists()).queryByText('Fund shortlist')).toBeNull();
    await waitFor(() => expect(storedFrame(ada.id)).toContain('King'), { timeout: 5000 });
  });

  it('never shows one user’s frame to the next user on the device', async () => {
    await storeFrame(ada, adaLists, { minutesAgo: 2 });
    logIn(grace.id);
    const release = holdAnswers(answerAs(grace, []));

    const app = await startApp('/deal-offers');

    // Grace has no stored frame: nothing renders until her user has loaded (SPEC §2), never Ada's.
    await waitFor(() => expect(server.requests.map((request) => request.url)).toContain('/api/v1/auth/me'));
    expect(app.container).toBeEmptyDOMElement();
    await release();
    expect(await screen.findByRole('button', { name: 'Grace Hopper grace@example.test' })).toBeInTheDocument();
    expect(screen.queryByText('Seed leads')).toBeNull();
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
  });

  it('is stored as the user and the lists load, and removed by Log Out', async () => {
    logIn(ada.id);
    answer = answerAs(ada, adaLists);
    const user = userEvent.setup();
    await startApp('/deal-offers');
    await waitFor(() => expect(storedFrame(ada.id)).toContain('Fund shortlist'), { timeout: 5000 });
    expect(storedFrame(ada.id)).toContain('ada@example.test');

    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace ada@example.test' }));
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
    logIn(ada.id);
    // The lists alone: the user is asked for first, and the refused refresh ends the session.
    await storeFrame(ada, adaLists, { minutesAgo: 20, withUser: false });
    answer = () => json(401, { detail: 'Access token is invalid or expired' });

    const app = await startApp('/deal-offers');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(server.requests.map((request) => request.url)).toContain('/api/v1/auth/refresh');
    expect(storedFrame(ada.id)).toBeNull();
  });
});
