import { useEffect, useState } from 'react';
import { canBadgeApp, setAppBadgeCount } from '@/lib/app-badge';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { useFollowUpGroups } from '../api/follow-ups';
import type { ListKeys } from '../api/list-keys';
import { localDate } from '../pipeline-format';

/** Today on this device; it turns at midnight while the app stays open. */
function useToday(): string {
  const [today, setToday] = useState(localDate);
  useEffect(() => {
    const now = new Date();
    // A second past midnight, so the new day has surely begun when it is read.
    const nextDay = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 1);
    const timer = setTimeout(() => setToday(localDate()), nextDay.getTime() - now.getTime());
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}

function DueTodayBadge({ listKeys }: { listKeys: ListKeys }) {
  const today = useToday();
  const dueToday = useFollowUpGroups(listKeys, today)?.today.length;
  useEffect(() => {
    if (dueToday !== undefined) setAppBadgeCount(dueToday);
  }, [dueToday]);
  return null;
}

/**
 * The installed app's icon shows how many follow-ups are due today, as the Follow-ups page counts them
 * (changes not yet synced included), and no badge when none are. Where the browser cannot badge an app
 * it does nothing at all; elsewhere it starts after the first paint. Log Out clears the badge (session.ts).
 */
export function FollowUpsAppBadge({ listKeys }: { listKeys: ListKeys }) {
  const started = useAfterFirstPaint(canBadgeApp());
  return started ? <DueTodayBadge listKeys={listKeys} /> : null;
}
