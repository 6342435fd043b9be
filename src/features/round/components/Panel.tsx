import { useId, type ReactNode } from 'react';
import { Box, Paper, Skeleton, Typography } from '@mui/material';
import { lazyComponent } from '@/features/offline';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { useElementWidth } from '@/lib/use-element-width';
import { CHART_HEIGHT } from './chart-style';

// The pictures load with the first panel that draws one, never with another page.
export const CommittedChart = lazyComponent(() => import('./RoundCharts').then((module) => ({ default: module.CommittedChart })));
export const FunnelChart = lazyComponent(() => import('./RoundCharts').then((module) => ({ default: module.FunnelChart })));

/** The place of a panel in the page's single column on a narrow screen. */
export type PanelOrder = { order: number };

/** A panel of the Round page: a section named by its heading. */
export function Panel({ title, children, order }: { title: string; children: ReactNode; order: number }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      // Its place in the one column of a narrow screen.
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0, order: { xs: order, lg: 0 } }}
    >
      <Typography id={headingId} component="h2" sx={{ fontWeight: 650, fontSize: 17, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The panel's headline figures, as terms and their values. */
export function Stats({ items }: { items: Array<{ label: string; value: ReactNode }> }) {
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1.5, m: 0 }}>
      {items.map(({ label, value }) => (
        <div key={label}>
          <Typography component="dt" sx={{ fontSize: 13, color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: 22, fontWeight: 700, lineHeight: 1.3 }}>
            {value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}

/** A chart hidden from screen readers (and from the keyboard), with its figures as `alternative` (a table they read), and room kept while it loads. */
export function ChartFigure({ caption, chart, alternative, legend = [] }: ChartFigureProps) {
  // The figures (and the table the chart draws) come first; the chart's code loads once the page has painted, so on a
  // phone it does not hold the page's first paint back.
  const painted = useAfterFirstPaint();
  const [boxRef, width] = useElementWidth<HTMLDivElement>();
  return (
    <Box component="figure" sx={{ m: 0, mt: 2 }}>
      <Typography component="figcaption" sx={{ fontSize: 14, fontWeight: 600, color: 'text.secondary' }}>
        {caption}
      </Typography>
      {legend.length > 0 && (
        <Box aria-hidden sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, mt: 0.5 }}>
          {legend.map(({ label, color }) => (
            <Typography key={label} component="span" sx={{ fontSize: 13, display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
              <Box component="span" sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: color }} />
              {label}
            </Typography>
          ))}
        </Box>
      )}
      <Box ref={boxRef} aria-hidden inert sx={{ height: CHART_HEIGHT }}>
        {painted && width !== null ? chart(width) : chartFallback}
      </Box>
      {alternative}
    </Box>
  );
}

interface ChartFigureProps {
  caption: string;
  /** The chart drawn at the width of its place (the page measures it, so that the chart draws once). */
  chart: (width: number) => ReactNode;
  alternative: ReactNode;
  /** The series' names and colours, shown beside the caption (the table names them for a screen reader). */
  legend?: Array<{ label: string; color: string }>;
}

export const chartFallback = <Skeleton variant="rounded" height={CHART_HEIGHT} />;

/** A table's cells closer together on a phone, so four columns fit in 360 px. */
export const compactCells = { '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } } as const;

/** What a panel says when it has nothing to show yet: what the founder can do about it. */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return <Typography sx={{ fontSize: 14, color: 'text.secondary', mt: 1 }}>{children}</Typography>;
}
