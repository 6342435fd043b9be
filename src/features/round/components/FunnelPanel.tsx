import { Suspense } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { groupThousands } from '@/shared/numbers';
import { PIPELINE_STAGE_LABELS } from '@/shared/pipeline';
import type { RoundSummary } from '@/shared/round-summary';
import { formatShare } from '../round-format';
import { FigureLink } from './FigureLink';
import { ChartFigure, chartFallback, compactCells, FunnelChart, Panel, type PanelOrder } from './Panel';

/** How many rows reached each stage and the share of them that reached the next; those passed apart, by where. */
export function FunnelPanel({ summary, order }: { summary: RoundSummary } & PanelOrder) {
  const { stages, passed } = summary.funnel;
  const passedTotal = passed.reduce((sum, row) => sum + row.count, 0);
  return (
    <Panel title="The funnel" order={order}>
      <ChartFigure
        caption="Rows that reached each stage"
        chart={(width) => (
          <Suspense fallback={chartFallback}>
            <FunnelChart width={width} stages={stages} />
          </Suspense>
        )}
        // The table below is the chart's figures.
        alternative={null}
      />
      <Table size="small" aria-label="The funnel: rows that reached each stage" sx={[compactCells, { mt: 1 }]}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Stage</TableCell>
            <TableCell scope="col" align="right">
              Reached
            </TableCell>
            <TableCell scope="col" align="right">
              On to the next
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {stages.map((row) => (
            <TableRow key={row.stage}>
              <TableCell component="th" scope="row">
                {PIPELINE_STAGE_LABELS[row.stage]}
              </TableCell>
              <TableCell align="right">
                <FigureLink figure={`reached:${row.stage}`} count={row.reached} />
              </TableCell>
              <TableCell align="right">{formatShare(row.conversion)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ mt: 2 }}>
        <Typography component="h3" sx={{ fontSize: 15, fontWeight: 650 }}>
          Passed: {groupThousands(passedTotal)}
        </Typography>
        {passedTotal === 0 ? (
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>No investor has passed.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, fontSize: 14 }}>
            {passed
              .filter((row) => row.count > 0)
              .map((row) => (
                <li key={row.stage}>
                  at {PIPELINE_STAGE_LABELS[row.stage]}: <FigureLink figure={`passed:${row.stage}`} count={row.count} />
                </li>
              ))}
          </Box>
        )}
      </Box>
    </Panel>
  );
}
