import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DECK_API, deckPath, deckVersionsPath, type Deck } from '@/shared/decks';
import { deckKeys } from './deck-keys';

/** GET /api/v1/decks: her decks, newest first. */
export const decksQueryOptions = () => queryOptions({ queryKey: deckKeys.all, queryFn: () => api<Deck[]>(DECK_API.decks) });

export function useDecks() {
  return useQuery(decksQueryOptions());
}

/** GET /api/v1/decks/{id}: one deck with its versions. */
export const deckQueryOptions = (deckId: number) => queryOptions({ queryKey: deckKeys.deck(deckId), queryFn: () => api<Deck>(deckPath(deckId)) });

const pdfBody = (file: File) => ({ method: 'POST' as const, body: file, headers: { 'Content-Type': 'application/pdf' } });

/** POST a PDF as a new deck, named `name`; the server checks its bytes. */
export function useUploadDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name }: { file: File; name: string }) => api<Deck>(DECK_API.decks, { ...pdfBody(file), query: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
}

/** POST a PDF as a deck's new version: its links show it unless pinned. */
export function useUploadVersion(deckId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api<Deck>(deckVersionsPath(deckId), pdfBody(file)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
}

export function useRenameDeck(deckId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<Deck>(deckPath(deckId), { method: 'PATCH', body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
}

export function useDeleteDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deckId: number) => api(deckPath(deckId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
}
