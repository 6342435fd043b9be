import { useState, type ReactNode } from 'react';
import { Box, Button, ListItem, ListItemButton, ListItemText } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { createLink, useMatchRoute } from '@tanstack/react-router';
import { SidebarSection } from '@/components/SidebarSection/SidebarSection';
import { usePendingChanges } from '@/features/offline';
import type { ListSummary } from '@/shared/api-types';
import { LIST_ROLE_LABELS } from '@/shared/teams';
import { useLists } from '../api/get-lists';
import { pendingCountsByList } from '../api/list-outbox';
import { CreateListModal } from './CreateListModal';

const ListItemLink = createLink(ListItemButton);

const ownerName = (list: ListSummary) => `${list.owner.first_name} ${list.owner.last_name}`;

/**
 * One list's link: its name (and, shared with you, its owner and your role) and its item count. The
 * link's name says the count in words ('Seed leads, 3 items'), and starts with what it shows (WCAG 2.5.3).
 */
function SidebarListLink({ list, pending }: { list: ListSummary; pending: number }) {
  const matchRoute = useMatchRoute();
  const count = list.item_count + pending;
  const shared = list.role !== 'owner';
  const sharedBy = `${ownerName(list)} · ${LIST_ROLE_LABELS[list.role]}`;
  return (
    <ListItem disablePadding>
      <ListItemLink
        to="/lists/$id"
        params={{ id: String(list.id) }}
        selected={Boolean(matchRoute({ to: '/lists/$id', params: { id: String(list.id) } }))}
        aria-label={[
          list.name,
          ...(shared ? [ownerName(list), LIST_ROLE_LABELS[list.role]] : []),
          `${count} ${count === 1 ? 'item' : 'items'}`,
          ...(pending > 0 ? [`${pending} pending sync`] : []),
        ].join(', ')}
        sx={{ borderRadius: 1, px: 1.5, py: 0.5 }}
      >
        <ListItemText
          primary={list.name}
          secondary={shared ? sharedBy : undefined}
          slotProps={{
            primary: { noWrap: true, title: list.name, variant: 'body2' },
            secondary: { noWrap: true, title: sharedBy, sx: { fontSize: 12 } },
          }}
        />
        {/* Name, a space, count: the shown text reads as the start of the link's label. */}{' '}
        <Box
          component="span"
          aria-hidden
          title={pending > 0 ? `${pending} pending: saved to the list once you are back online` : undefined}
          sx={{
            ml: 1,
            minWidth: 24,
            px: 0.75,
            borderRadius: 10,
            fontSize: 12,
            fontWeight: 600,
            textAlign: 'center',
            bgcolor: 'action.selected',
            // 6.6:1 on the badge's grey (the muted text colour there is 4.05:1, short of WCAG AA's 4.5).
            color: 'grey.600',
            ...(pending > 0 && { outline: '1px dashed', outlineColor: 'warning.main', color: 'warning.dark' }),
          }}
        >
          {count}
        </Box>
      </ListItemLink>
    </ListItem>
  );
}

/** The lists the sidebar shows in one section: the user's own, or those shared with them. */
function useSidebarLists(shared: boolean) {
  const lists = useLists();
  // Additions not on the server yet count at once, marked pending.
  const pendingCounts = pendingCountsByList(usePendingChanges());
  const shown = lists.data?.filter((list) => (list.role !== 'owner') === shared);
  const links = shown?.map((list) => <SidebarListLink key={list.id} list={list} pending={pendingCounts.get(list.id) ?? 0} />);
  return { lists, shown, links };
}

/**
 * The sidebar's Lists section: each of the user's lists with its item count, and 'Create new list'.
 * `top` is another feature's block shown first when the section is open (the round's progress);
 * `actions`, other features' buttons after 'Create new list' (Import a spreadsheet).
 */
export function SidebarLists({ top, actions }: { top?: ReactNode; actions?: ReactNode }) {
  const [creating, setCreating] = useState(false);
  const { lists, links } = useSidebarLists(false);
  return (
    <>
      <SidebarSection
        title="Lists"
        loadingRows={2}
        isPending={lists.isPending}
        error={lists.isError ? 'Lists could not be loaded.' : undefined}
        top={top}
        footer={
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', mt: 0.5 }}>
            <Button startIcon={<AddIcon />} size="small" onClick={() => setCreating(true)} sx={{ ml: 0.5, textTransform: 'none', fontWeight: 600 }}>
              Create new list
            </Button>
            {actions}
          </Box>
        }
      >
        {links}
      </SidebarSection>
      <CreateListModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

/** The sidebar's Shared with me section: lists others shared with the user, each with its owner and the user's role; none, no section. */
export function SidebarSharedLists() {
  const { shown, links } = useSidebarLists(true);
  if (!shown?.length) return null;
  return (
    <SidebarSection title="Shared with me" isPending={false}>
      {links}
    </SidebarSection>
  );
}
