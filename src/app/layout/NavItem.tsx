import { forwardRef, type ReactNode } from 'react';
import { ListItem, ListItemButton, ListItemIcon, ListItemText, type ListItemButtonProps } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { createLink } from '@tanstack/react-router';

type NavAnchorProps = ListItemButtonProps<'a'> & { icon: ReactNode; label: string; badge?: ReactNode };

const NavAnchor = forwardRef<HTMLAnchorElement, NavAnchorProps>(function NavAnchor({ icon, label, badge, sx, ...props }, ref) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component="a"
        ref={ref}
        {...props}
        sx={[
          (theme) => ({
            minHeight: 38,
            px: 1.25,
            mb: 0.25,
            color: theme.palette.grey[700],
            '& .MuiListItemIcon-root': { minWidth: 32, color: theme.palette.grey[500] },
            '&:hover': { backgroundColor: alpha(theme.palette.grey[900], 0.045) },
            '&[data-status="active"]': {
              backgroundColor: alpha(theme.palette.primary.main, 0.08),
              color: theme.palette.primary.dark,
              '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
            },
          }),
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText primary={label} slotProps={{ primary: { sx: { fontSize: '0.875rem', fontWeight: 550 } } }} />
        {badge}
      </ListItemButton>
    </ListItem>
  );
});

/** A sidebar link, an item of the sidebar's list; TanStack Router marks the current page with data-status="active" and aria-current. */
export const NavItem = createLink(NavAnchor);
