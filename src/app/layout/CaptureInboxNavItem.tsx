import MoveToInboxOutlinedIcon from '@mui/icons-material/MoveToInboxOutlined';
import { useInboxCount } from '@/features/capture/api/inbox';
import { NavCount } from './NavCount';
import { NavItem } from './NavItem';

/** The sidebar's Capture inbox link, with how many captured mails wait to be assigned as a badge. */
export function CaptureInboxNavItem() {
  const waiting = useInboxCount();
  return (
    <NavItem
      to="/capture-inbox"
      icon={<MoveToInboxOutlinedIcon fontSize="small" />}
      label="Capture inbox"
      badge={<NavCount count={waiting} word="waiting" tone="quiet" />}
    />
  );
}
