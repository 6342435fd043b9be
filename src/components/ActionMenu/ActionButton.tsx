import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { AppButton } from '@/components/AppButton/AppButton';
import { useActionMenu } from './ActionMenu';

export interface ActionButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** 'delete' for a destructive action: red as a button and as a menu item. */
  variant?: 'secondary' | 'delete';
  disabled?: boolean;
  /** What it opens, for assistive technology. */
  opens?: 'dialog';
}

/** One of a page's secondary actions: a button in the row, or an item of the "More" menu of the ActionMenu it is in. */
export function ActionButton({ label, icon, onClick, variant = 'secondary', disabled, opens }: ActionButtonProps) {
  const menu = useActionMenu();
  if (menu?.inMenu) {
    return (
      <MenuItem
        component="div"
        disabled={disabled}
        aria-haspopup={opens}
        onClick={() => {
          // Closed first: the focus goes back to More, where the dialog returns it when it closes.
          menu.close();
          onClick();
        }}
        sx={variant === 'delete' ? { color: 'error.main', '& .MuiListItemIcon-root': { color: 'error.main' } } : undefined}
      >
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    );
  }
  const button = (
    <AppButton variant={variant} startIcon={icon} disabled={disabled} onClick={onClick} aria-haspopup={opens}>
      {label}
    </AppButton>
  );
  if (!menu) return button;
  // In an ActionMenu's row: drawn before its More, once the row is there (in the same commit).
  return menu.row && createPortal(button, menu.row);
}
