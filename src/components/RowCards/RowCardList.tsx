import type { ReactNode } from 'react';
import { Box } from '@mui/material';

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
}

/** A page's rows as a list of cards: what a phone shows instead of a data grid. */
export function RowCardList<R>({ label, rows, rowKey, renderCard, empty, footer }: RowCardListProps<R>) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <>
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {rows.map((row) => (
          <li key={rowKey(row)}>{renderCard(row)}</li>
        ))}
      </Box>
      {footer}
    </>
  );
}
