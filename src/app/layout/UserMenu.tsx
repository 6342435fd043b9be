import { useId, useState } from 'react';
import {
  Avatar,
  Box,
  ButtonBase,
  ClickAwayListener,
  Divider,
  Grow,
  ListItemIcon,
  MenuItem,
  MenuList,
  Paper,
  Popper,
  Typography,
} from '@mui/material';
import PersonOutlineRoundedIcon from '@mui/icons-material/PersonOutlineRounded';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import UnfoldMoreRoundedIcon from '@mui/icons-material/UnfoldMoreRounded';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '@/shared/api-types';

/** SPEC: the menu offers these, with no behaviour of their own; choosing one closes the menu. */
const INERT_ITEMS = [
  { label: 'Account Setting', icon: <SettingsOutlinedIcon fontSize="small" /> },
  { label: 'Billing', icon: <CreditCardOutlinedIcon fontSize="small" /> },
  { label: 'Contact us', icon: <HelpOutlineRoundedIcon fontSize="small" /> },
];

export interface UserMenuProps {
  user: User;
  onLogOut: () => void;
}

/**
 * The sidebar footer: photo or placeholder, full name and e-mail. Hovering opens the menu;
 * so does a click, Enter or Space, for keyboards and touch screens. The button is named by what it
 * shows, name and e-mail (WCAG 2.5.3, label in name); aria-haspopup says it opens a menu.
 */
export function UserMenu({ user, onLogOut }: UserMenuProps) {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  const [focusMenu, setFocusMenu] = useState(false);
  const menuId = useId();
  const fullName = `${user.first_name} ${user.last_name}`.trim();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setFocusMenu(false);
    if (returnFocus) anchor?.focus();
  };
  const choose = (action: () => void) => () => {
    close(false);
    action();
  };
  const inert = () => close(true);

  return (
    <ClickAwayListener onClickAway={() => open && close(false)}>
    <Box onMouseEnter={() => setOpen(true)} onMouseLeave={() => close(false)} sx={{ position: 'relative' }}>
      <ButtonBase
        ref={setAnchor}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          if (open && focusMenu) {
            close(false);
          } else {
            setOpen(true);
            setFocusMenu(true);
          }
        }}
        sx={(theme) => ({
          width: '100%',
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          p: 1,
          borderRadius: 2,
          textAlign: 'left',
          '&:hover, &[aria-expanded="true"]': { backgroundColor: theme.palette.grey[100] },
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
        })}
      >
        <Avatar src={user.profile_photo ?? undefined} alt="" sx={{ width: 34, height: 34, bgcolor: '#eef2ff', color: 'primary.main' }}>
          <PersonOutlineRoundedIcon fontSize="small" />
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography noWrap sx={{ fontSize: '0.875rem', fontWeight: 600, color: 'text.primary' }}>
            {fullName}
          </Typography>{' '}
          <Typography noWrap sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
            {user.email}
          </Typography>
        </Box>
        <UnfoldMoreRoundedIcon fontSize="small" sx={{ color: 'grey.400' }} />
      </ButtonBase>
      <Popper
        open={open}
        anchorEl={anchor}
        placement="top-start"
        disablePortal
        transition
        modifiers={[{ name: 'offset', options: { offset: [0, 4] } }]}
        // As wide as the button: the popper sits inside the relative box around it (no portal), and
        // a width read from the anchor during render would force a layout on every render.
        sx={{ zIndex: 10, width: '100%' }}
      >
        {({ TransitionProps }) => (
          <Grow {...TransitionProps} style={{ transformOrigin: 'bottom left' }}>
            <Paper sx={{ border: 1, borderColor: 'divider', boxShadow: '0 12px 32px -12px rgba(17, 24, 39, 0.25)', py: 0.5 }}>
                <MenuList
                  id={menuId}
                  autoFocusItem={focusMenu}
                  dense
                  onKeyDown={(event) => {
                    if (event.key === 'Escape' || event.key === 'Tab') close(event.key === 'Escape');
                  }}
                >
                  <MenuItem onClick={choose(() => void navigate({ to: '/profile' }))}>
                    <ListItemIcon>
                      <PersonOutlineRoundedIcon fontSize="small" />
                    </ListItemIcon>
                    Profile
                  </MenuItem>
                  {INERT_ITEMS.map(({ label, icon }) => (
                    <MenuItem key={label} onClick={inert}>
                      <ListItemIcon>{icon}</ListItemIcon>
                      {label}
                    </MenuItem>
                  ))}
                  <Divider sx={{ my: 0.5 }} />
                  <MenuItem onClick={choose(onLogOut)} sx={{ color: 'error.main' }}>
                    <ListItemIcon sx={{ color: 'inherit' }}>
                      <LogoutRoundedIcon fontSize="small" />
                    </ListItemIcon>
                    Log Out
                  </MenuItem>
                </MenuList>
            </Paper>
          </Grow>
        )}
      </Popper>
    </Box>
    </ClickAwayListener>
  );
}
