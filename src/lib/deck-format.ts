// How a deck link's reading is said, on a list's row and on the Decks page: "viewed 2 h ago · 6 min · 12/14 pages".
import type { RowDeck } from '@/shared/decks';

/** Time read: '45 s', '6 min', '1 h 5 min'. */
export function formatReadTime(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest === 0 ? '' : ` ${rest} min`}`;
}

/** How long ago, short: 'just now', '5 min ago', '2 h ago', '3 d ago'. */
export function formatShortAgo(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return `${Math.floor(minutes / (24 * 60))} d ago`;
}

/** A link's reading in one line; 'Not viewed yet' before anyone read it. */
export function deckLine(deck: Pick<RowDeck, 'total_ms' | 'pages_reached' | 'page_count'> & { last_visit_at: string | null }, now = Date.now()): string {
  if (deck.last_visit_at === null) return 'Not viewed yet';
  return `viewed ${formatShortAgo(deck.last_visit_at, now)} · ${formatReadTime(deck.total_ms)} · ${deck.pages_reached}/${deck.page_count} pages`;
}
