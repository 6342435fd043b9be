// The toolbar row's layout, shared by the grid's toolbar and the placeholder shown while the grid's
// code loads, so the page's controls do not move when the grid arrives.
import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';

export const columnsIcon = <ViewColumnOutlinedIcon fontSize="small" />;
export const densityIcon = <DensityMediumIcon fontSize="small" />;

export function ToolbarRowLayout({ start, gridControls }: { start: ReactNode; gridControls: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2, borderBottom: 1, borderColor: 'divider' }}>
      {start}
      <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0, ml: 'auto' }}>{gridControls}</Box>
    </Box>
  );
}
