import { useState } from 'react';
import { AppBar, Box, Drawer, IconButton, Toolbar, useMediaQuery, type Theme } from '@mui/material';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Logo } from '@/components/Logo/Logo';
import { listKeys } from '@/features/lists/api/list-keys';
import { FollowUpsAppBadge } from '@/features/pipeline/components/FollowUpsAppBadge';
import { useMyListsEvents } from '@/features/teams/api/my-lists-events';
import { SIDEBAR_WIDTH } from '../theme';
import { SidebarContent } from './SidebarContent';

/**
 * The logged-in frame: a 230 px sidebar from md up; below md an app bar whose menu button
 * opens the same navigation in a drawer, so every page is reachable on a phone.
 */
export function AppLayout() {
  // The sidebar's lists follow changes made elsewhere: a list shared with the user appears, one they lose goes.
  useMyListsEvents(listKeys);
  // Only the navigation the screen shows is rendered: a phone does not build the hidden sidebar.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [drawnFor, setDrawnFor] = useState(pathname);
  // Any navigation (a link in the drawer, the account menu) closes the drawer.
  if (drawnFor !== pathname) {
    setDrawnFor(pathname);
    setDrawerOpen(false);
  }

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <FollowUpsAppBadge listKeys={listKeys} />
      {wide ? (
        <Box
          component="nav"
          aria-label="Main"
          sx={{
            position: 'fixed',
            inset: '0 auto 0 0',
            width: SIDEBAR_WIDTH,
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            zIndex: (theme) => theme.zIndex.appBar,
          }}
        >
          <SidebarContent />
        </Box>
      ) : (
        <>
          <AppBar
            position="sticky"
            color="inherit"
            elevation={0}
            sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'rgba(255,255,255,0.92)', backdropFilter: 'blur(8px)' }}
          >
            <Toolbar variant="dense" sx={{ gap: 1, minHeight: 56 }}>
              <IconButton edge="start" aria-label="Open navigation" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
                <MenuRoundedIcon />
              </IconButton>
              <Logo size={24} />
            </Toolbar>
          </AppBar>
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            slotProps={{ paper: { 'aria-label': 'Navigation', sx: { width: SIDEBAR_WIDTH + 40, maxWidth: '85vw' } } }}
          >
            {/* A link followed closes it too, even to the same page with another search (a saved search). */}
            <Box
              component="nav"
              aria-label="Main"
              sx={{ height: '100%' }}
              onClick={(event) => {
                if ((event.target as Element).closest('a[href]')) setDrawerOpen(false);
              }}
            >
              <SidebarContent />
            </Box>
          </Drawer>
        </>
      )}

      <Box component="main" sx={{ ml: { md: `${SIDEBAR_WIDTH}px` }, px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2.5, sm: 3.5 }, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
