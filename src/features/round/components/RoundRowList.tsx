import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { PIPELINE_STAGE_LABELS } from '@/shared/pipeline';
import type { RoundFigure, RoundRowRef } from '@/shared/round-summary';
import { figureLabel, figureSearch } from '../round-figures';
import { useRoundScope } from './round-scope';

export interface RoundRowListProps<R extends RoundRowRef> {
  /** The rows' figure: each opens its list filtered by it, the row among them. */
  figure: RoundFigure;
  rows: readonly R[];
  /** What the row is there for, on its right: "21 days", "3 min read". */
  fact: (row: R) => ReactNode;
  label: string;
}

/** Rows a panel names (going cold, overdue, engaged), each a link to its list showing the rows behind the figure, at that row. */
export function RoundRowList<R extends RoundRowRef>({ figure, rows, fact, label }: RoundRowListProps<R>) {
  const { coldDays } = useRoundScope();
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={`${row.list_id}:${row.investor_id}`}
          sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', justifyContent: 'space-between', py: 1, borderTop: 1, borderColor: 'divider' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <TextLink
              to="/lists/$id"
              params={{ id: String(row.list_id) }}
              search={{ ...figureSearch(figure, coldDays), row: row.investor_id }}
              underline="hover"
              aria-label={`${row.name}, on ${row.list_name}: ${figureLabel(figure)}`}
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {row.name}
            </TextLink>
            <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {[row.firm, row.list_name, PIPELINE_STAGE_LABELS[row.stage]].filter((part) => part && part !== '-').join(' · ')}
            </Typography>
          </Box>
          <Typography component="span" sx={{ fontSize: 14, fontWeight: 600, flexShrink: 0, textAlign: 'right' }}>
            {fact(row)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
