import { Box } from '@mui/material';
import MoveToInboxOutlinedIcon from '@mui/icons-material/MoveToInboxOutlined';
import { useInboxCount } from '@/features/capture/api/inbox';
import { NavItem } from './NavItem';

/** The sidebar's Capture inbox link, with how many captured mails wait to be assigned as a badge. */
export function CaptureInboxNavItem() {
  const waiting = useInboxCount();
  return (
    <NavItem
      to="/capture-inbox"
      icon={<MoveToInboxOutlinedIcon fontSize="small" />}
      label="Capture inbox"
      badge={
        waiting > 0 ? (
          <Box
            component="span"
            sx={{ minWidth: 22, px: 0.75, borderRadius: 11, bgcolor: 'grey.200', color: 'grey.800', fontSize: 12, fontWeight: 700, lineHeight: '20px', textAlign: 'center' }}
          >
            {waiting}
            <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
              {' '}
              waiting
            </Box>
          </Box>
        ) : null
      }
    />
  );
}
