// A contact as the cache shows it: its page's query and every cached list holding it. A change shows there at
// once (online it is the server's answer; offline, the change as made, pending) and a deleted contact leaves
// the lists before their refetch.
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { overwriteQueryData } from '@/lib/query-client';
import type { Investor, ListItem } from '@/shared/api-types';
import { MISSING } from '@/shared/vocabularies';
import type { ContactPatch } from '../forms/contact-values';

/** The query keys the routes hand the contacts feature: the data it shows belongs to other features. */
export interface ContactKeys {
  /** An investor's page (the catalogue's query). */
  investor: (id: number) => QueryKey;
  /** The lists' data: a contact's fields show in every list holding it. */
  lists: { all: QueryKey; items: (listId: number) => QueryKey };
}

/** The keys of the lists' items in the cache. */
function cachedItemKeys(queryClient: QueryClient, keys: ContactKeys): QueryKey[] {
  return queryClient
    .getQueriesData<ListItem[]>({ queryKey: keys.lists.all })
    .map(([key]) => key)
    .filter((key) => {
      const listId = key[keys.lists.all.length];
      return typeof listId === 'number' && hashKey(keys.lists.items(listId)) === hashKey(key);
    });
}

function updateEverywhere(queryClient: QueryClient, keys: ContactKeys, id: number, update: (row: Investor) => Investor) {
  void overwriteQueryData<Investor>(queryClient, keys.investor(id), (row) => row && update(row));
  for (const key of cachedItemKeys(queryClient, keys)) {
    void overwriteQueryData<ListItem[]>(queryClient, key, (items) =>
      items?.map((item) => (item.id === id ? ({ ...item, ...update(item as Investor) } as ListItem) : item)),
    );
  }
}

/** The fields as the API answers them: an emptied one is 'NaN', or no values. */
function asAnswered(patch: ContactPatch): Partial<Investor> {
  return Object.fromEntries(Object.entries(patch).map(([field, value]) => [field, value ?? MISSING])) as Partial<Investor>;
}

/** Shows an edit in the contact's page and lists: the server's answer, or the change as queued. */
export function showContactChange(queryClient: QueryClient, keys: ContactKeys, id: number, change: ContactPatch | Investor) {
  const fields = asAnswered(change as ContactPatch);
  updateEverywhere(queryClient, keys, id, (row) => ({ ...row, ...fields }));
}

/** Takes a deleted contact out of every cached list. */
export function dropContactFromLists(queryClient: QueryClient, keys: ContactKeys, id: number) {
  for (const key of cachedItemKeys(queryClient, keys)) {
    void overwriteQueryData<ListItem[]>(queryClient, key, (items) => items?.filter((item) => item.id !== id));
  }
}
