import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import { CardHeadingLevel } from './card-heading-level';
import { rowCardStyles } from './row-card-classes';

/** About what a phone's first screen shows of a page's cards, and a little more. */
const FIRST_CARDS = 4;

/**
 * How many of `total` cards to draw: the first screen's with the page, then the rest in a transition,
 * which React renders in slices between which the phone can paint and answer a tap, instead of holding
 * the main thread for the whole page's cards at once.
 */
function useCardsShown(total: number): number {
  const [shown, setShown] = useState(FIRST_CARDS);
  useEffect(() => {
    if (shown < total) startTransition(() => setShown(total));
  }, [shown, total]);
  return Math.min(shown, total);
}

export interface RowCardListProps<R> {
  /** The list's accessible name ('Investors', the list's name). */
  label: string;
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** One row's card (a RowCard). */
  renderCard: (row: R) => ReactNode;
  /** Shown instead of the list when there are no rows (an empty state, an error). */
  empty?: ReactNode;
  /** Below the list: a pager. */
  footer?: ReactNode;
  /** The cards' headings: h2 under the page's h1 (the default), h3 in a section headed by an h2. */
  cardHeading?: 'h2' | 'h3';
}

// The one styled element of a page of cards: it holds the styles of every card in it.
const CardList = styled('ul')(({ theme }) => ({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8, ...rowCardStyles(theme) }));

/** A page's rows as a list of cards: what a phone shows instead of a data grid. */
export function RowCardList<R>({ label, rows, rowKey, renderCard, empty, footer, cardHeading = 'h2' }: RowCardListProps<R>) {
  const shown = useCardsShown(rows.length);
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <>
      <CardHeadingLevel.Provider value={cardHeading}>
        <CardList aria-label={label}>
          {rows.slice(0, shown).map((row) => (
            // Found by its key: a page that opens at one row scrolls to it.
            <li key={rowKey(row)} data-row-key={rowKey(row)}>
              {renderCard(row)}
            </li>
          ))}
        </CardList>
      </CardHeadingLevel.Provider>
      {footer}
    </>
  );
}
