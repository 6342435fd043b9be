import { Typography } from '@mui/material';
import type { RoundFigure } from '@/shared/round-summary';
import { figureOfTypeLabel } from '../round-figures';

/**
 * What a list filtered by a Round figure (of one investor type's rows, with `type`) shows while its rows are found,
 * or when none is behind it (any more).
 */
export function NothingBehindFigure({ figure, type, pending }: { figure: RoundFigure; type?: string; pending: boolean }) {
  const label = figureOfTypeLabel(figure, type);
  return (
    <Typography sx={{ py: 6, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      {pending
        ? `Finding the rows: ${label}…`
        : `No row of this list is behind “${label}” now. Remove the filter to see every row.`}
    </Typography>
  );
}
