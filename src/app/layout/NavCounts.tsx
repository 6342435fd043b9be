import { useInboxCount } from '@/features/capture/api/inbox';
import { listKeys } from '@/features/lists/api/list-keys';
import { useDueFollowUpCount } from '@/features/pipeline/api/follow-ups';
import { NavCount } from './NavCount';

// Each count reads its own query, so a new count draws its badge again and not the whole sidebar.

/** The Follow-ups link's badge: how many are due (overdue or today). */
export function DueFollowUpsCount() {
  return <NavCount count={useDueFollowUpCount(listKeys)} word="due" tone="urgent" />;
}

/** The Capture inbox link's badge: how many captured mails wait to be assigned. */
export function CaptureInboxCount() {
  return <NavCount count={useInboxCount()} word="waiting" tone="quiet" />;
}
