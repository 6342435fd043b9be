import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatReadTime } from '@/lib/deck-format';

/** Time read per page, as bars, with the same figures as a table a screen reader reads. Loaded with the stats only. */
export default function PageTimeChart({ pageMs }: { pageMs: number[] }) {
  const pages = pageMs.map((_, index) => index + 1);
  const seconds = pageMs.map((ms) => Math.round(ms / 100) / 10);
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" sx={{ fontWeight: 650, fontSize: 16 }}>
        Time per page
      </Typography>
      <Box aria-hidden>
        <BarChart
          height={240}
          xAxis={[{ data: pages, scaleType: 'band', label: 'Page' }]}
          yAxis={[{ label: 'Seconds' }]}
          series={[{ data: seconds, label: 'Seconds read', valueFormatter: (value) => (value === null ? '' : `${value} s`) }]}
          hideLegend
          margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
        />
      </Box>
      <Box component="table" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }}>
        <caption>Time read per page</caption>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Time read</th>
          </tr>
        </thead>
        <tbody>
          {pageMs.map((ms, index) => (
            <tr key={index}>
              <td>{index + 1}</td>
              <td>{formatReadTime(ms)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
