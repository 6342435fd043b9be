import { IconButton, Tooltip, type SxProps, type Theme } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';

export interface RowIconButtonProps {
  /** The tooltip: what it does ("Log a touch"). */
  title: string;
  /** Its accessible name, which says the row too ("Log a touch for Ann Lee"). */
  label: string;
  icon: SvgIconComponent;
  onClick: () => void;
  /** The grid's roving tab index, in a cell. */
  tabIndex?: number;
  sx?: SxProps<Theme>;
}

/** A row's small icon action, in a grid cell or on a card. */
export function RowIconButton({ title, label, icon: Icon, onClick, tabIndex, sx }: RowIconButtonProps) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={label} tabIndex={tabIndex} onClick={onClick} sx={sx}>
        <Icon sx={{ fontSize: 18 }} />
      </IconButton>
    </Tooltip>
  );
}
