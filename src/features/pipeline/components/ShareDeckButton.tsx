import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import { RowIconButton } from '@/components/RowIconButton/RowIconButton';

/** Opens a row's deck links: the grid's Deck cell and a board card carry it. */
export function ShareDeckButton({ name, onClick, tabIndex }: { name: string; onClick: () => void; tabIndex?: number }) {
  return (
    <RowIconButton
      title="Share deck"
      label={`Share deck with ${name}`}
      icon={SlideshowOutlinedIcon}
      tabIndex={tabIndex}
      onClick={onClick}
    />
  );
}
