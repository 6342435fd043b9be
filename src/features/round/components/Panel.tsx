import { useId, type ReactNode } from 'react';
import { Box, Paper, Skeleton, Typography } from '@mui/material';
import { lazyComponent } from '@/features/offline';

// The pictures load with the first panel that draws one, never with another page.
export const CommittedChart = lazyComponent(() => import('./RoundCharts').then((module) => ({ default: module.CommittedChart })));
export const FunnelChart = lazyComponent(() => import('./RoundCharts').then((module) => ({ default: module.FunnelChart })));

/** A panel of the Round page: a section named by its heading. */
export function Panel({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0, gridColumn: wide ? { lg: '1 / -1' } : undefined }}
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

/** A chart hidden from screen readers, with its figures as `alternative` (a table they read), and room kept while it loads. */
export function ChartFigure({ caption, chart, alternative }: { caption: string; chart: ReactNode; alternative: ReactNode }) {
  return (
    <Box component="figure" sx={{ m: 0, mt: 2 }}>
      <Typography component="figcaption" sx={{ fontSize: 14, fontWeight: 600, color: 'text.secondary' }}>
        {caption}
      </Typography>
      <Box aria-hidden sx={{ height: 220 }}>
        {chart}
      </Box>
      {alternative}
    </Box>
  );
}

export const chartFallback = <Skeleton variant="rounded" height={220} />;

/** What a panel says when it has nothing to show yet: what the founder can do about it. */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return <Typography sx={{ fontSize: 14, color: 'text.secondary', mt: 1 }}>{children}</Typography>;
}
