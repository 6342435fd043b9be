import { useId, useState } from 'react';
import { Link, Popover, type SxProps, type Theme } from '@mui/material';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { groupThousands } from '@/shared/numbers';
import type { RoundFigure } from '@/shared/round-summary';
import { figureOfTypeLabel, figureSearch, rowCount } from '../round-figures';
import { FigureBreakdown } from './FigureBreakdown';
import { useRoundScope } from './round-scope';

export interface FigureLinkProps {
  figure: RoundFigure;
  count: number;
  /** What is shown (an amount); the count by default. */
  text?: string;
  sx?: SxProps<Theme>;
  /** The list whose rows it opens, whichever the page sums (a figure of one list in a table by list). */
  ofList?: number;
  /** Only the rows of investors of this type (a figure of a group by investor type). */
  ofType?: string;
}

/**
 * A figure that opens the rows behind it: with one list summed, that list filtered by the figure; with all her
 * lists, a breakdown by list, each a link to its list filtered the same way. Zero rows have nothing to open.
 */
export function FigureLink({ figure, count, text, sx, ofList, ofType }: FigureLinkProps) {
  const scope = useRoundScope();
  const { coldDays } = scope;
  const listId = ofList ?? scope.listId;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const shown = text ?? groupThousands(count);
  // Named by what it shows first, then by the rows it opens.
  const rows = `${rowCount(count)}: ${figureOfTypeLabel(figure, ofType)}`;
  const name = text === undefined || text === rowCount(count) ? rows : `${text}, ${rows}`;
  if (count === 0) return <>{shown}</>;
  if (listId !== null) {
    return (
      <TextLink to="/lists/$id" params={{ id: String(listId) }} search={figureSearch(figure, coldDays, ofType)} aria-label={name} sx={sx}>
        {shown}
      </TextLink>
    );
  }
  return (
    <>
      <Link
        component="button"
        type="button"
        aria-label={`${name}, by list`}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event: React.MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        sx={[{ font: 'inherit', verticalAlign: 'baseline' }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {shown}
      </Link>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': `${figureOfTypeLabel(figure, ofType)}, by list`, sx: { p: 2, maxWidth: 'min(360px, calc(100vw - 32px))' } } }}
      >
        <FigureBreakdown figure={figure} type={ofType} />
      </Popover>
    </>
  );
}
