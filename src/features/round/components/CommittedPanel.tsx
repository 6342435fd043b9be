import { Suspense } from 'react';
import { Box } from '@mui/material';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { formatUsd } from '@/lib/format';
import type { RoundSummary } from '@/shared/round-summary';
import { formatShare, weekLabel } from '../round-format';
import { SERIES_COLORS } from './chart-style';
import { FigureLink } from './FigureLink';
import { ChartFigure, chartFallback, CommittedChart, Panel, Stats, type PanelOrder } from './Panel';
import { visuallyHidden } from './round-scope';

/** The round's target, the amounts at Term sheet and at Committed, and how they grew week by week. */
export function CommittedPanel({ summary, order }: { summary: RoundSummary } & PanelOrder) {
  const { target, term_sheet, committed, weeks } = summary.committed;
  return (
    <Panel title="Committed against the target" order={order}>
      <Stats
        items={[
          {
            label: 'Target',
            value:
              target === null ? (
                <TextLink to="/startup" underline="hover" sx={{ fontSize: 16, fontWeight: 600 }}>
                  Set your target
                </TextLink>
              ) : (
                formatUsd(target)
              ),
          },
          {
            label: 'Committed',
            value: <FigureLink figure="at:committed" count={summary.committed.committed_rows} text={formatUsd(committed)} />,
          },
          {
            label: 'At term sheet',
            value: <FigureLink figure="at:term_sheet" count={summary.committed.term_sheet_rows} text={formatUsd(term_sheet)} />,
          },
          ...(target !== null && target > 0 ? [{ label: 'Of the target', value: formatShare(committed / target) }] : []),
        ]}
      />
      {weeks.length > 0 && (
        <ChartFigure
          caption="Term sheet and committed, week by week"
          legend={[
            { label: 'Committed', color: SERIES_COLORS.committed },
            { label: 'Term sheet', color: SERIES_COLORS.termSheet },
          ]}
          chart={(width) => (
            <Suspense fallback={chartFallback}>
              <CommittedChart width={width} weeks={weeks} target={target} />
            </Suspense>
          )}
          alternative={
            // A table is never narrower than its content: the box around it is what is hidden.
            <Box sx={visuallyHidden}>
              <table>
              <caption>Amounts at the end of each week{target === null ? '' : `, against a target of ${formatUsd(target)}`}</caption>
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  <th scope="col">Term sheet</th>
                  <th scope="col">Committed</th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week.week}>
                    <th scope="row">{weekLabel(week.week)}</th>
                    <td>{formatUsd(week.term_sheet)}</td>
                    <td>{formatUsd(week.committed)}</td>
                  </tr>
                ))}
              </tbody>
              </table>
            </Box>
          }
        />
      )}
    </Panel>
  );
}
