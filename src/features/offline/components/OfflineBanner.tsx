import { Paper, Typography } from '@mui/material';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import { useOnlineStatus } from '@/lib/use-online-status';

/** Shown while the browser is offline: what still works, and that additions wait for the network. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Paper
      role="status"
      elevation={6}
      sx={{
        position: 'fixed',
        // Below dialogs: a phone's full-screen dialog has its buttons at the screen's foot, where this sits.
        zIndex: (theme) => theme.zIndex.modal - 1,
        bottom: { xs: 12, sm: 20 },
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'max-content',
        maxWidth: 'calc(100vw - 24px)',
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        px: 2,
        py: 1.25,
        borderRadius: 2,
        bgcolor: 'grey.900',
        color: 'common.white',
      }}
    >
      <CloudOffOutlinedIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        You are offline. Pages you opened before still work; changes to your lists sync when you are back online.
      </Typography>
    </Paper>
  );
}
