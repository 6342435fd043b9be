import { Button, type SxProps, type Theme } from '@mui/material';
import type { SnackbarKey } from 'notistack';
import { closeToast } from './toasts';

/** A toast's one button ('Undo', 'Go to List'): closes the toast, then does what it says. */
export function toastAction(label: string, onClick: () => void, sx?: SxProps<Theme>) {
  return function ToastAction(key: SnackbarKey) {
    return (
      <Button
        color="inherit"
        size="small"
        sx={sx}
        onClick={() => {
          closeToast(key);
          onClick();
        }}
      >
        {label}
      </Button>
    );
  };
}
