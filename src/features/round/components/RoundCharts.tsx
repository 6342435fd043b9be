// The Round page's pictures, in a chunk of their own (@mui/x-charts): loaded by this page only, once it has
// figures to draw. Each is hidden from screen readers; the page gives its figures as a table beside it.
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { groupThousands } from '@/shared/numbers';
import { PIPELINE_STAGE_LABELS } from '@/shared/pipeline';
import type { RoundFunnelStage, RoundWeek } from '@/shared/round-summary';
import { compactUsd, weekLabel } from '../round-format';
import { CHART_HEIGHT, SERIES_COLORS } from './chart-style';

const usd = (value: number | null) => (value === null ? '' : groupThousands(value, '$'));

/** The amounts at Term sheet and at Committed week by week, stacked, against the target. */
export function CommittedChart({ width, weeks, target }: { width: number; weeks: readonly RoundWeek[]; target: number | null }) {
  const highest = Math.max(target ?? 0, ...weeks.map((week) => week.term_sheet + week.committed));
  // A round's first week is one point, of which a line and its area draw nothing: its marks show it.
  const showMark = weeks.length === 1;
  return (
    <LineChart
      width={width}
      height={CHART_HEIGHT}
      skipAnimation
      xAxis={[{ data: weeks.map((week) => week.week), scaleType: 'point', valueFormatter: weekLabel }]}
      yAxis={[{ min: 0, max: highest > 0 ? highest * 1.1 : 1, valueFormatter: compactUsd, width: 56 }]}
      series={[
        { data: weeks.map((week) => week.committed), label: 'Committed', area: true, stack: 'amount', color: SERIES_COLORS.committed, valueFormatter: usd, showMark },
        { data: weeks.map((week) => week.term_sheet), label: 'Term sheet', area: true, stack: 'amount', color: SERIES_COLORS.termSheet, valueFormatter: usd, showMark },
      ]}
      hideLegend
      margin={{ left: 4, right: 28, top: 8, bottom: 4 }}
    >
      {target !== null && <ChartsReferenceLine y={target} label={`Target ${compactUsd(target)}`} labelAlign="start" lineStyle={{ strokeDasharray: '6 4' }} />}
    </LineChart>
  );
}

/** How many rows reached each stage, as bars from Lead to Committed. */
export function FunnelChart({ width, stages }: { width: number; stages: readonly RoundFunnelStage[] }) {
  return (
    <BarChart
      width={width}
      height={CHART_HEIGHT}
      skipAnimation
      layout="horizontal"
      yAxis={[{ data: stages.map((stage) => PIPELINE_STAGE_LABELS[stage.stage]), scaleType: 'band', width: 84 }]}
      xAxis={[{ min: 0, tickMinStep: 1 }]}
      series={[{ data: stages.map((stage) => stage.reached), label: 'Reached', color: SERIES_COLORS.committed }]}
      hideLegend
      margin={{ left: 4, right: 16, top: 8, bottom: 4 }}
    />
  );
}
