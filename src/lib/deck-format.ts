// How a deck link's reading is said, on a list's row and on the Decks page: "viewed 2 h ago · 6 min · 12/14 pages".
import type { RowDeck } from '@/shared/decks';
import { formatTimeAgo } from './format';

/** Time read: '45 s', '6 min', '1 h 5 min'. */
export function formatReadTime(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest === 0 ? '' : ` ${rest} min`}`;
}

/** A link's reading in one line; 'Not viewed yet' before anyone read it. */
export function deckLine(deck: Pick<RowDeck, 'total_ms' | 'pages_reached' | 'page_count'> & { last_visit_at: string | null }, now = Date.now()): string {
  if (deck.last_visit_at === null) return 'Not viewed yet';
  return `viewed ${formatTimeAgo(deck.last_visit_at, now, { short: true })} · ${formatReadTime(deck.total_ms)} · ${deck.pages_reached}/${deck.page_count} pages`;
}
