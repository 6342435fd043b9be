// The frame persister (issue 12) on jsdom's real localStorage and a real QueryClient: what it keeps
// (the user and the lists, successful, no mutations), under whose key, what it restores and for whom,
// and what it discards and removes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { createFramePersister, FRAME_VERSION, frameStorageKey } from '@/features/offline/persisters/frame-persister';
import { SESSION_STORAGE_KEYS } from '@/lib/session';
import { OFFLINE_MAX_AGE_MS } from '@/shared/constants';
import type { ListSummary, User } from '@/shared/api-types';

const ME = ['auth', 'me'] as const;
const LISTS = ['lists'] as const;
const ada: User = { id: 7, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', profile_photo: null };
const lists: ListSummary[] = [{ id: 3, name: 'Seed leads', description: '', list_type: 'investor', item_count: 2, role: 'owner', owner: { id: 7, first_name: 'Ada', last_name: 'Lovelace' } }];

let userId: number | null;

function framePersister(throttleTime = 0) {
  return createFramePersister({ queryKeys: [ME, LISTS], currentUserId: () => userId, throttleTime });
}

/** What is stored for a user, parsed. */
function storedFrame(id: number) {
  const text = localStorage.getItem(frameStorageKey(id));
  return text === null ? null : (JSON.parse(text) as { buster: string; timestamp: number; clientState: { queries: { queryKey: unknown[] }[]; mutations: unknown[] } });
}

const storedKeys = (id: number) => storedFrame(id)?.clientState.queries.map((query) => query.queryKey);

function clientWithFrame(updatedAt = Date.now()) {
  const client = new QueryClient();
  client.setQueryData(ME, ada, { updatedAt });
  client.setQueryData(LISTS, lists, { updatedAt });
  return client;
}

beforeEach(() => {
  localStorage.clear();
  userId = 7;
});
afterEach(() => {
  onlineManager.setOnline(true);
  localStorage.clear();
});

describe('the frame persister', () => {
  it('keeps only the user and the lists, successful ones, with no mutations, under the user’s key', async () => {
    const client = clientWithFrame();
    client.setQueryData(['lists', 3], { id: 3, items: [] });
    client.setQueryData(['investors', 'search', { page: 1 }], { results: [], total_pages: 0 });
    await client.prefetchQuery({ queryKey: ['lists', 'failed'], queryFn: () => Promise.reject(new Error('no')), retry: false });
    // A mutation paused for the network, which TanStack would persist by default.
    onlineManager.setOnline(false);
    void client.getMutationCache().build(client, { mutationKey: ['lists', 'add'], mutationFn: () => Promise.resolve() }).execute(undefined);
    await waitFor(() => expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true));
    const { persistOptions } = framePersister();

    await persistQueryClientSave({ queryClient: client, ...persistOptions });
    onlineManager.setOnline(true);

    await waitFor(() => expect(storedKeys(7)).toEqual([ME, LISTS]));
    const stored = storedFrame(7)!;
    expect(stored.buster).toBe(FRAME_VERSION);
    expect(stored.clientState.mutations).toEqual([]);
    expect(JSON.stringify(stored)).toContain('Seed leads');
  });

  it('leaves out a frame query whose fetch failed', async () => {
    const client = new QueryClient();
    client.setQueryData(LISTS, lists);
    await client.prefetchQuery({ queryKey: ME, queryFn: () => Promise.reject(new Error('offline')), retry: false });
    const { persistOptions } = framePersister();

    await persistQueryClientSave({ queryClient: client, ...persistOptions });

    await waitFor(() => expect(storedKeys(7)).toEqual([LISTS]));
  });

  it('restores the user’s frame with the time it was fetched', async () => {
    const fetchedAt = Date.now() - 20 * 60 * 1000;
    const { persistOptions } = framePersister();
    await persistQueryClientSave({ queryClient: clientWithFrame(fetchedAt), ...persistOptions });
    await waitFor(() => expect(storedFrame(7)).not.toBeNull());

    const coldStart = new QueryClient({ defaultOptions: { queries: { staleTime: 10 * 60 * 1000 } } });
    await persistQueryClientRestore({ queryClient: coldStart, ...framePersister().persistOptions });

    expect(coldStart.getQueryData(ME)).toEqual(ada);
    expect(coldStart.getQueryData(LISTS)).toEqual(lists);
    expect(coldStart.getQueryState(ME)?.dataUpdatedAt).toBe(fetchedAt);
  });

  it('marks restored answers stale, without fetching, so they are fetched anew however recent', async () => {
    const { persistOptions, revalidateRestored } = framePersister();
    await persistQueryClientSave({ queryClient: clientWithFrame(Date.now() - 60 * 1000), ...persistOptions });
    await waitFor(() => expect(storedFrame(7)).not.toBeNull());

    const coldStart = new QueryClient({ defaultOptions: { queries: { staleTime: 10 * 60 * 1000 } } });
    coldStart.setQueryData(['lists', 3], { id: 3, items: [] });
    await persistQueryClientRestore({ queryClient: coldStart, ...persistOptions });
    await revalidateRestored(coldStart);

    const cache = coldStart.getQueryCache();
    for (const queryKey of [ME, LISTS]) {
      expect(cache.find({ queryKey, exact: true })?.isStale()).toBe(true);
      expect(coldStart.getQueryState(queryKey)).toMatchObject({ status: 'success', fetchStatus: 'idle' });
    }
    expect(cache.find({ queryKey: ['lists', 3] })?.isStale()).toBe(false);
  });

  it('never restores one user’s frame for another, nor for nobody', async () => {
    await persistQueryClientSave({ queryClient: clientWithFrame(), ...framePersister().persistOptions });
    await waitFor(() => expect(storedFrame(7)).not.toBeNull());

    userId = 8;
    const other = new QueryClient();
    await persistQueryClientRestore({ queryClient: other, ...framePersister().persistOptions });
    expect(other.getQueryCache().getAll()).toEqual([]);

    userId = null;
    const nobody = new QueryClient();
    await persistQueryClientRestore({ queryClient: nobody, ...framePersister().persistOptions });
    expect(nobody.getQueryCache().getAll()).toEqual([]);
    expect(storedFrame(7)).not.toBeNull();
  });

  it('drops a save that comes due after its user logged out or another logged in', async () => {
    const { persistOptions } = framePersister(50);
    await persistQueryClientSave({ queryClient: clientWithFrame(), ...persistOptions });
    userId = null;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(storedFrame(7)).toBeNull();

    userId = 7;
    await persistQueryClientSave({ queryClient: clientWithFrame(), ...persistOptions });
    userId = 8;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(storedFrame(7)).toBeNull();
    expect(storedFrame(8)).toBeNull();
  });

  it('discards a frame older than a week or saved by another version', async () => {
    const { persistOptions } = framePersister();
    const write = (frame: object) => localStorage.setItem(frameStorageKey(7), JSON.stringify(frame));
    const dehydrated = { mutations: [], queries: [] };

    write({ buster: FRAME_VERSION, timestamp: Date.now() - OFFLINE_MAX_AGE_MS - 1000, clientState: dehydrated });
    await persistQueryClientRestore({ queryClient: new QueryClient(), ...persistOptions });
    expect(storedFrame(7)).toBeNull();

    write({ buster: 'an older one', timestamp: Date.now(), clientState: dehydrated });
    await persistQueryClientRestore({ queryClient: new QueryClient(), ...persistOptions });
    expect(storedFrame(7)).toBeNull();
  });

  it('removes every stored frame, and nothing else, when the session ends', async () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.refresh, 'kept by the session itself');
    localStorage.setItem(frameStorageKey(7), '{}');
    localStorage.setItem(frameStorageKey(8), '{}');
    framePersister().removeAll();
    expect(storedFrame(7)).toBeNull();
    expect(storedFrame(8)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.refresh)).toBe('kept by the session itself');
  });
});
