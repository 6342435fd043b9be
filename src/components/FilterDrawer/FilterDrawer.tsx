import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Dialog, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';

export interface FilterDrawerProps<T> {
  open: boolean;
  /** The committed filters; the drawer edits a copy of them. */
  value: T;
  onApply: (value: T) => void;
  /** Empties every filter; the drawer closes after it. */
  onClearAll: () => void;
  onClose: () => void;
  children: (draft: T, setDraft: (update: (draft: T) => T) => void) => ReactNode;
  /** A phone's sheet over the whole screen, titled 'Filters', instead of the right-side drawer. */
  fullScreen?: boolean;
}

interface BodyProps<T> extends Omit<FilterDrawerProps<T>, 'open' | 'fullScreen'> {
  title: string;
  titleId: string;
  /** The drawer is no dialog of its own; a full-screen sheet's Dialog is. */
  role?: 'dialog';
}

/**
 * 'More Filters': edits are held locally until Apply commits them; Clear All empties every
 * filter and closes; closing otherwise drops the edits.
 */
export function FilterDrawer<T>({ open, value, onApply, onClearAll, onClose, children, fullScreen = false }: FilterDrawerProps<T>) {
  const titleId = useId();
  const body = { value, onApply, onClearAll, onClose, children, titleId };
  // Remounted on every opening, so the draft starts from the committed filters. A Dialog traps the focus
  // inside and gives it back to the button that opened it on close.
  if (fullScreen) {
    return (
      <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId}>
        {open && <DrawerBody {...body} title="Filters" />}
      </Dialog>
    );
  }
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 390, maxWidth: '100vw' } } }}
    >
      {open && <DrawerBody {...body} title="More Filters" role="dialog" />}
    </Drawer>
  );
}

function DrawerBody<T>({ value, onApply, onClearAll, onClose, children, title, titleId, role }: BodyProps<T>) {
  const [draft, setDraftState] = useState(value);
  const setDraft = (update: (draft: T) => T) => setDraftState(update);

  return (
    <Box role={role} aria-labelledby={role && titleId} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 3, pt: 3, pb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flex: 1 }}>
          <Typography id={titleId} variant="h4" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Apply filters to table data.
          </Typography>
        </Box>
        <IconButton aria-label="Close filters" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 3 }}>{children(draft, setDraft)}</Box>
      <Stack direction="row" spacing={1.5} sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
        <Button
          fullWidth
          variant="outlined"
          color="inherit"
          onClick={() => {
            onClearAll();
            onClose();
          }}
        >
          Clear All
        </Button>
        <Button
          fullWidth
          variant="contained"
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          Apply
        </Button>
      </Stack>
    </Box>
  );
}
