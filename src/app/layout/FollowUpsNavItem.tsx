import { Box } from '@mui/material';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import { listKeys } from '@/features/lists/api/list-keys';
import { useDueFollowUpCount } from '@/features/pipeline/api/follow-ups';
import { NavItem } from './NavItem';

/** The sidebar's Follow-ups link, with how many are due (overdue or today) as a badge. */
export function FollowUpsNavItem() {
  const due = useDueFollowUpCount(listKeys);
  return (
    <NavItem
      to="/follow-ups"
      icon={<EventAvailableOutlinedIcon fontSize="small" />}
      label="Follow-ups"
      badge={
        due > 0 ? (
          <Box
            component="span"
            sx={{ minWidth: 22, px: 0.75, borderRadius: 11, bgcolor: 'error.main', color: 'error.contrastText', fontSize: 12, fontWeight: 700, lineHeight: '20px', textAlign: 'center' }}
          >
            {due}
            <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
              {' '}
              due
            </Box>
          </Box>
        ) : null
      }
    />
  );
}
