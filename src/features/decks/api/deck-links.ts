import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  deckLinkPath,
  deckLinkRevokePath,
  deckLinksPath,
  deckLinkStatsPath,
  rowDeckLinksPath,
  type DeckLink,
  type DeckLinkCreate,
  type DeckLinkPatch,
  type DeckLinkStats,
} from '@/shared/decks';
import { deckKeys } from './deck-keys';

/** GET a deck's links, newest first. */
export const deckLinksQueryOptions = (deckId: number) =>
  queryOptions({ queryKey: deckKeys.links(deckId), queryFn: () => api<DeckLink[]>(deckLinksPath(deckId)) });

export function useDeckLinks(deckId: number) {
  return useQuery(deckLinksQueryOptions(deckId));
}

/** GET the links made for one row of a list (any member reads them). */
export const rowDeckLinksQueryOptions = (listId: number, investorId: number) =>
  queryOptions({ queryKey: deckKeys.rowLinks(listId, investorId), queryFn: () => api<DeckLink[]>(rowDeckLinksPath(listId, investorId)) });

export function useRowDeckLinks(listId: number, investorId: number) {
  return useQuery(rowDeckLinksQueryOptions(listId, investorId));
}

/** GET a link's visits and time per page; fresh for a minute, as readers come and go. */
export const deckLinkStatsQueryOptions = (linkId: number) =>
  queryOptions({ queryKey: deckKeys.stats(linkId), queryFn: () => api<DeckLinkStats>(deckLinkStatsPath(linkId)), staleTime: 60_000 });

export function useDeckLinkStats(linkId: number) {
  return useQuery(deckLinkStatsQueryOptions(linkId));
}

/** Every cached list of links, and the decks' counts, after a link is made or changed. */
function useLinksChanged() {
  const queryClient = useQueryClient();
  return async (link: DeckLink | undefined) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: deckKeys.all }),
      queryClient.invalidateQueries({ queryKey: deckKeys.anyRowLinks }),
      link ? queryClient.invalidateQueries({ queryKey: deckKeys.stats(link.id) }) : undefined,
    ]);
  };
}

/** Makes a link to a deck (`linkId` none), or saves a link's settings. */
export function useSaveDeckLink() {
  const changed = useLinksChanged();
  return useMutation({
    mutationFn: ({ deckId, linkId, settings }: { deckId: number; linkId?: number; settings: DeckLinkCreate }) =>
      linkId === undefined
        ? api<DeckLink>(deckLinksPath(deckId), { method: 'POST', body: { ...settings } })
        : api<DeckLink>(deckLinkPath(linkId), { method: 'PATCH', body: { ...(settings as DeckLinkPatch) } }),
    onSettled: (link) => changed(link),
  });
}

export function useRevokeDeckLink() {
  const changed = useLinksChanged();
  return useMutation({
    mutationFn: (linkId: number) => api<DeckLink>(deckLinkRevokePath(linkId), { method: 'POST' }),
    onSettled: (link) => changed(link),
  });
}
