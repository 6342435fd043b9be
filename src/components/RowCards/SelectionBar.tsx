import type { ReactNode } from 'react';
import { Button, Paper, Typography } from '@mui/material';
import { formatCount } from '@/lib/format';
import { useOnlineStatus } from '@/lib/use-online-status';

export interface SelectionBarProps {
  /** How many rows are selected: the bar shows while any are. */
  count: number;
  onClear: () => void;
  /** What can be done with the selection (Add to list; on a list: remove, export, change stage). */
  children: ReactNode;
}

/** The offline banner's height (three lines on a phone) and its margins. */
const OFFLINE_BANNER_SPACE = 104;

/**
 * A phone's actions over the selected cards, at the bottom of the screen within the thumb's reach. The page
 * keeps room below its last card (SELECTION_BAR_SPACE) so the bar never hides a row.
 */
export function SelectionBar({ count, onClear, children }: SelectionBarProps) {
  const online = useOnlineStatus();
  if (count === 0) return null;
  return (
    <Paper
      role="region"
      aria-label="Selection"
      elevation={8}
      sx={{
        position: 'fixed',
        insetInline: 8,
        // Offline, above the offline banner at the screen's foot, which would cover its buttons.
        bottom: `calc(${online ? 8 : OFFLINE_BANNER_SPACE}px + env(safe-area-inset-bottom, 0px))`,
        zIndex: (theme) => theme.zIndex.appBar,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 1,
        borderRadius: 2,
      }}
    >
      <Typography aria-live="polite" sx={{ fontWeight: 650, fontSize: 14, mr: 'auto' }}>
        {formatCount(count)} selected
      </Typography>
      <Button size="small" color="inherit" onClick={onClear}>
        Clear
      </Button>
      {children}
    </Paper>
  );
}

/** Room to leave below a page's cards while the selection bar shows. */
export const SELECTION_BAR_SPACE = 128;
