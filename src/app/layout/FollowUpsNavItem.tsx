import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import { listKeys } from '@/features/lists/api/list-keys';
import { useDueFollowUpCount } from '@/features/pipeline/api/follow-ups';
import { NavCount } from './NavCount';
import { NavItem } from './NavItem';

/** The sidebar's Follow-ups link, with how many are due (overdue or today) as a badge. */
export function FollowUpsNavItem() {
  const due = useDueFollowUpCount(listKeys);
  return (
    <NavItem
      to="/follow-ups"
      icon={<EventAvailableOutlinedIcon fontSize="small" />}
      label="Follow-ups"
      badge={<NavCount count={due} word="due" tone="urgent" />}
    />
  );
}
