// overwriteQueryData on a real QueryClient: what a landed change puts in the cache is not undone by a
// fetch that was already under way when it landed (the saved searches' count marked seen, a list
// dropped from the sidebar, a deleted saved search), and the next fetch reads the server again.
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { overwriteQueryData } from '../../src/lib/query-client';

interface Saved {
  id: number;
  new_count: number;
}

const KEY = ['saved-searches'];

/** A query function whose answers the test releases one at a time, as a slow server would send them. */
function slowServer() {
  const pending: Array<(answer: Saved[]) => void> = [];
  return {
    queryFn: () => new Promise<Saved[]>((resolve) => pending.push(resolve)),
    answer: (answer: Saved[]) => pending.shift()?.(answer),
    get waiting() {
      return pending.length;
    },
  };
}

describe('overwriteQueryData', () => {
  it('keeps what it wrote when a fetch begun before it answers with what the server read earlier', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const server = slowServer();
    client.setQueryData<Saved[]>(KEY, [{ id: 1, new_count: 3 }]);

    const stale = client.fetchQuery({ queryKey: KEY, queryFn: server.queryFn, staleTime: 0 }).catch(() => 'cancelled');
    expect(server.waiting).toBe(1);
    await overwriteQueryData<Saved[]>(client, KEY, (saved) => saved?.map((s) => ({ ...s, new_count: 0 })));
    server.answer([{ id: 1, new_count: 3 }]);
    await stale;
    expect(client.getQueryData(KEY)).toEqual([{ id: 1, new_count: 0 }]);

    const next = client.fetchQuery({ queryKey: KEY, queryFn: server.queryFn, staleTime: 0 });
    server.answer([{ id: 1, new_count: 1 }]);
    expect(await next).toEqual([{ id: 1, new_count: 1 }]);
    expect(client.getQueryData(KEY)).toEqual([{ id: 1, new_count: 1 }]);
  });

  it('is what setQueryData alone is not: without the cancel, the earlier read wins', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const server = slowServer();
    client.setQueryData<Saved[]>(KEY, [{ id: 1, new_count: 3 }]);

    const stale = client.fetchQuery({ queryKey: KEY, queryFn: server.queryFn, staleTime: 0 });
    client.setQueryData<Saved[]>(KEY, (saved) => saved?.map((s) => ({ ...s, new_count: 0 })));
    server.answer([{ id: 1, new_count: 3 }]);
    await stale;
    expect(client.getQueryData(KEY)).toEqual([{ id: 1, new_count: 3 }]);
  });
});
