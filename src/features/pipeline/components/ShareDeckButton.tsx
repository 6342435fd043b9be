import { IconButton, Tooltip } from '@mui/material';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';

/** Opens a row's deck links: the grid's Deck cell and a board card carry it. */
export function ShareDeckButton({ name, onClick, tabIndex }: { name: string; onClick: () => void; tabIndex?: number }) {
  return (
    <Tooltip title="Share deck">
      <IconButton size="small" aria-label={`Share deck with ${name}`} tabIndex={tabIndex} onClick={onClick}>
        <SlideshowOutlinedIcon sx={{ fontSize: 18 }} />
      </IconButton>
    </Tooltip>
  );
}
