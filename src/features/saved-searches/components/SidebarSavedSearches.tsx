import { Box, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { createLink } from '@tanstack/react-router';
import { SidebarSection } from '@/components/SidebarSection/SidebarSection';
import { useMarkSeen } from '../api/mark-seen';
import type { ShownSavedSearch } from '../api/saved-search-outbox';
import { useShownSavedSearches } from '../api/use-shown-saved-searches';
import { savedSearchLocation } from '../saved-search-url';
import { SavedSearchMenu } from './SavedSearchMenu';

const ListItemLink = createLink(ListItemButton);

/** What a saved search's link is called: what it shows first (WCAG 2.5.3), then its kind, what is new, and whether it waits to sync. */
function linkName({ name, kind, new_count, pending }: ShownSavedSearch): string {
  return [name, kind, ...(new_count > 0 ? [`${new_count} new`] : []), ...(pending ? ['pending sync'] : [])].join(', ');
}

function SavedSearchLink({ saved }: { saved: ShownSavedSearch }) {
  const markSeen = useMarkSeen();
  const KindIcon = saved.kind === 'investors' ? PeopleAltOutlinedIcon : AccountBalanceOutlinedIcon;
  return (
    <ListItem
      disablePadding
      secondaryAction={<SavedSearchMenu saved={saved} />}
      sx={{ '& .MuiListItemSecondaryAction-root': { right: 2 } }}
    >
      <ListItemLink
        {...savedSearchLocation(saved)}
        // Only this very view is 'current': another page of it, or more filters, is not.
        activeOptions={{ exact: true }}
        onClick={() => markSeen.mutate(saved)}
        aria-label={linkName(saved)}
        sx={{ borderRadius: 1, pl: 1.5, py: 0.5, '&[data-status="active"]': { bgcolor: 'action.selected' } }}
      >
        <KindIcon aria-hidden sx={{ fontSize: 16, mr: 1, color: 'text.disabled', flexShrink: 0 }} />
        <ListItemText primary={saved.name} slotProps={{ primary: { noWrap: true, title: saved.name, variant: 'body2' } }} />
        {saved.pending && (
          <Box component="span" aria-hidden title="Pending: sent once you are back online" sx={{ display: 'flex', ml: 0.5 }}>
            <CloudUploadOutlinedIcon sx={{ fontSize: 16, color: 'warning.dark' }} />
          </Box>
        )}
        {saved.new_count > 0 && (
          <Box
            component="span"
            aria-hidden
            title={`${saved.new_count} new since you last opened it`}
            sx={{
              ml: 1,
              minWidth: 22,
              px: 0.75,
              borderRadius: 11,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontSize: 12,
              fontWeight: 700,
              lineHeight: '20px',
              textAlign: 'center',
              flexShrink: 0,
            }}
          >
            {saved.new_count}
          </Box>
        )}
      </ListItemLink>
    </ListItem>
  );
}

/**
 * The sidebar's Saved searches section: each saved search with, beside it, how many rows were added
 * since it was last opened that match it. Opening one shows its catalogue page as saved and marks it
 * seen; its menu renames it, sets its alert, or deletes it. Changes not on the server yet show at once,
 * marked pending.
 */
export function SidebarSavedSearches() {
  const { shown, isPending, isError } = useShownSavedSearches();
  return (
    <SidebarSection
      title="Saved searches"
      isPending={isPending}
      error={isError && !shown ? 'Saved searches could not be loaded.' : undefined}
      footer={
        shown?.length === 0 && (
          <Typography variant="caption" sx={{ px: 1.5, pb: 0.5, display: 'block', color: 'text.secondary' }}>
            Use Save search on Investors or Funds to keep a search here.
          </Typography>
        )
      }
    >
      {shown?.map((saved) => (
        <SavedSearchLink key={saved.id} saved={saved} />
      ))}
    </SidebarSection>
  );
}
