/** The decks feature's query keys: a change invalidates through these. */
export const deckKeys = {
  all: ['decks'] as const,
  deck: (deckId: number) => ['decks', deckId] as const,
  links: (deckId: number) => ['decks', deckId, 'links'] as const,
  rowLinks: (listId: number, investorId: number) => ['deck-links', 'row', listId, investorId] as const,
  anyRowLinks: ['deck-links', 'row'] as const,
  stats: (linkId: number) => ['deck-links', linkId, 'stats'] as const,
};
