import { Suspense, useId, type ReactNode } from 'react';
import { Box, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { useOnlineStatus } from '@/lib/use-online-status';
import { usePhoneLayout } from '@/lib/use-phone-layout';

/** A modal is at least 390 px wide (or the whole screen where that is narrower). */
export const MODAL_MIN_WIDTH = 390;

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons in the footer, right-aligned. */
  actions?: ReactNode;
  /** Width in px; never below MODAL_MIN_WIDTH. */
  width?: number;
  /** The whole screen below 768 px (a long form). */
  fullScreenOnPhone?: boolean;
}

/**
 * A dialog that closes on a backdrop click or Escape and locks page scrolling while open.
 * Its content may be lazy: forms load when their modal first opens, with a spinner meanwhile.
 */
export function Modal({ open, onClose, title, description, children, actions, width = 480, fullScreenOnPhone = false }: ModalProps) {
  const fullScreen = usePhoneLayout() && fullScreenOnPhone;
  const titleId = useId();
  const descriptionId = useId();
  const paperWidth = Math.max(width, MODAL_MIN_WIDTH);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      slotProps={{
        paper: {
          sx: fullScreen
            ? undefined
            : {
                width: paperWidth,
                minWidth: `min(${MODAL_MIN_WIDTH}px, calc(100vw - 32px))`,
                maxWidth: 'calc(100vw - 32px)',
                m: 2,
              },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, pt: 2.5, pb: description ? 0.5 : 1.5, fontSize: '1.125rem', fontWeight: 600 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} size="small" sx={{ position: 'absolute', right: 14, top: 16, color: 'text.secondary' }}>
        <CloseRoundedIcon fontSize="small" />
      </IconButton>
      {description && (
        <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ px: 3, pb: 1.5 }}>
          {description}
        </Typography>
      )}
      {children && (
        <DialogContent sx={{ pt: 1 }}>
          <Suspense fallback={<LoadingContent />}>
            {children}
          </Suspense>
        </DialogContent>
      )}
      {actions && <DialogActions sx={{ px: 3, pb: 2.5, pt: 1, gap: 1 }}>{actions}</DialogActions>}
    </Dialog>
  );
}

/**
 * While the dialog's content loads. Its code may be missing offline (before the service worker holds it):
 * it then loads once back online, and the dialog says so rather than spinning with no end in sight.
 */
function LoadingContent() {
  const online = useOnlineStatus();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', alignContent: 'center', gap: 1.5, minHeight: 160, textAlign: 'center' }}>
      <CircularProgress size={28} aria-label="Loading" />
      {!online && (
        <Typography variant="body2" color="text.secondary" role="status">
          You are offline. This opens once you are back online.
        </Typography>
      )}
    </Box>
  );
}
