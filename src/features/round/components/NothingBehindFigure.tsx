import { Typography } from '@mui/material';
import type { RoundFigure } from '@/shared/round-summary';
import { figureLabel } from '../round-figures';

/** What a list filtered by a Round figure shows while its rows are found, or when none is behind it (any more). */
export function NothingBehindFigure({ figure, pending }: { figure: RoundFigure; pending: boolean }) {
  return (
    <Typography sx={{ py: 6, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      {pending
        ? `Finding the rows: ${figureLabel(figure)}…`
        : `No row of this list is behind “${figureLabel(figure)}” now. Remove the filter to see every row.`}
    </Typography>
  );
}
