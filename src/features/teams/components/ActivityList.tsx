import { Box, Skeleton, Typography } from '@mui/material';
import { isUnavailableOffline } from '@/features/offline';
import { useActivity, type ActivityRow } from '../api/activity';
import type { ListKeys } from '../api/list-keys';
import { activityText } from './activity-text';
import { formatTime, personName } from './people';

/** A row's activity in a list, newest first: who did what, and when. */
export default function ActivityList({ listKeys, row }: { listKeys: ListKeys; row: ActivityRow }) {
  const activity = useActivity(listKeys, row);
  if (activity.isPending) return <Skeleton height={48} />;
  if (activity.isError)
    return (
      <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
        {isUnavailableOffline(activity.error) ? 'Activity is not available offline.' : 'Activity could not be loaded.'}
      </Typography>
    );
  if (activity.data.length === 0) return <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>No activity yet.</Typography>;
  return (
    <Box component="ol" aria-label="Activity, newest first" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {activity.data.map((entry) => (
        <Box component="li" key={entry.id} sx={{ py: 0.75, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
          <Typography sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {personName(entry.user)}
            </Box>{' '}
            {activityText(entry)}
          </Typography>
          <Typography component="time" dateTime={entry.created_at} sx={{ fontSize: 12, color: 'text.secondary' }}>
            {formatTime(entry.created_at)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
