import { Box, List } from '@mui/material';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import MoveToInboxOutlinedIcon from '@mui/icons-material/MoveToInboxOutlined';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { Logo } from '@/components/Logo/Logo';
import { ImportSpreadsheetButton } from '@/features/contacts/components/ImportSpreadsheetButton';
import { useCreateList } from '@/features/lists/api/create-list';
import { useDeleteList } from '@/features/lists/api/delete-list';
import { listKeys } from '@/features/lists/api/list-keys';
import { SidebarLists, SidebarSharedLists } from '@/features/lists/components/SidebarLists';
import { SidebarRound } from '@/features/startup/components/SidebarRound';
import { SidebarSavedSearches } from '@/features/saved-searches/components/SidebarSavedSearches';
import { useMe } from '@/features/profile/api/me';
import { LogOutConfirmDialog } from '@/features/offline/components/LogOutConfirmDialog';
import { useLogOutGuard } from '@/features/offline/use-log-out-guard';
import { CaptureInboxCount, DueFollowUpsCount } from './NavCounts';
import { NavItem } from './NavItem';
import { UserMenu } from './UserMenu';

/** The navigation shown in the sidebar and, on small screens, in the drawer. */
export function SidebarContent() {
  const user = useMe();
  const { auth } = useRouteContext({ from: '/_app' });
  // Log Out warns first when list additions made offline are not synced yet (they would be lost).
  const logOutGuard = useLogOutGuard(() => auth.logOut());
  const navigate = useNavigate();
  const { mutateAsync: createList } = useCreateList();
  const { mutateAsync: deleteList } = useDeleteList();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 2.25, pt: 2.5, pb: 2 }}>
        <Logo size={26} />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 1.25 }}>
        <List disablePadding>
          <NavItem to="/investors" icon={<PeopleAltOutlinedIcon fontSize="small" />} label="Investors" />
          <NavItem to="/funds" icon={<AccountBalanceOutlinedIcon fontSize="small" />} label="Funds" />
          <NavItem to="/startup" icon={<RocketLaunchOutlinedIcon fontSize="small" />} label="Your startup" />
          <NavItem to="/round" icon={<InsightsOutlinedIcon fontSize="small" />} label="Round" />
          <NavItem to="/follow-ups" icon={<EventAvailableOutlinedIcon fontSize="small" />} label="Follow-ups" badge={<DueFollowUpsCount />} />
          <NavItem to="/capture-inbox" icon={<MoveToInboxOutlinedIcon fontSize="small" />} label="Capture inbox" badge={<CaptureInboxCount />} />
          <NavItem to="/decks" icon={<SlideshowOutlinedIcon fontSize="small" />} label="Decks" />
          <NavItem to="/deal-offers" icon={<LocalOfferOutlinedIcon fontSize="small" />} label="Exclusive Offers" />
        </List>
        <Box sx={{ mt: 2.5 }}>
          <SidebarLists
            top={<SidebarRound />}
            actions={
              // Into a new investor list named after the file, opened when the wizard closes after the rows landed, deleted if none did.
              <ImportSpreadsheetButton
                createList={(name) => createList({ name, description: '', list_type: 'investor' })}
                discardList={(list) => deleteList(list.id)}
                listKeys={listKeys}
                onImported={(list) => void navigate({ to: '/lists/$id', params: { id: String(list.id) } })}
              />
            }
          />
        </Box>
        <Box sx={{ mt: 1.5, '&:empty': { display: 'none' } }}>
          <SidebarSharedLists />
        </Box>
        <Box sx={{ mt: 1.5 }}>
          <SidebarSavedSearches />
        </Box>
      </Box>
      <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1.25 }}>
        <UserMenu user={user} onLogOut={logOutGuard.requestLogOut} />
        <LogOutConfirmDialog {...logOutGuard.dialog} />
      </Box>
    </Box>
  );
}
