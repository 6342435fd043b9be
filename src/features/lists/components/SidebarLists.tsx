import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Collapse,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { createLink, useMatchRoute } from '@tanstack/react-router';
import { usePendingChanges } from '@/features/offline';
import { useLists } from '../api/get-lists';
import { pendingCountsByList } from '../api/list-outbox';
import { CreateListModal } from './CreateListModal';

const ListItemLink = createLink(ListItemButton);

/**
 * The sidebar's Lists section: each saved list with its item count, and 'Create new list'. A link's
 * name says the count in words ('Seed leads, 3 items'), and starts with what it shows (WCAG 2.5.3).
 * `top` is another feature's block shown first when the section is open (the round's progress).
 */
export function SidebarLists({ top }: { top?: ReactNode }) {
  const [open, setOpen] = useState(true);
  const [creating, setCreating] = useState(false);
  const lists = useLists();
  // Additions not on the server yet count at once, marked pending.
  const pendingCounts = pendingCountsByList(usePendingChanges());
  const matchRoute = useMatchRoute();

  return (
    <Box component="nav" aria-label="Lists">
      <ListItemButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        sx={{ borderRadius: 1, px: 1.5, py: 0.75 }}
      >
        <ListItemText
          primary="Lists"
          slotProps={{ primary: { variant: 'overline', sx: { fontWeight: 700, letterSpacing: 1, lineHeight: 1.5 } } }}
        />
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto">
        {top}
        <List dense disablePadding sx={{ maxHeight: '40vh', overflowY: 'auto' }}>
          {lists.isPending &&
            [0, 1].map((index) => (
              <ListItem key={index} disablePadding>
                <Skeleton height={32} sx={{ mx: 1.5, flex: 1 }} />
              </ListItem>
            ))}
          {lists.isError && (
            <ListItem disablePadding>
              <Typography variant="caption" color="error" sx={{ px: 1.5, display: 'block' }}>
                Lists could not be loaded.
              </Typography>
            </ListItem>
          )}
          {lists.data?.map((list) => {
            const pending = pendingCounts.get(list.id) ?? 0;
            return (
              <ListItem key={list.id} disablePadding>
                <ListItemLink
                  to="/lists/$id"
                  params={{ id: String(list.id) }}
                  selected={Boolean(matchRoute({ to: '/lists/$id', params: { id: String(list.id) } }))}
                  aria-label={`${list.name}, ${list.item_count + pending} ${list.item_count + pending === 1 ? 'item' : 'items'}${pending > 0 ? `, ${pending} pending sync` : ''}`}
                  sx={{ borderRadius: 1, px: 1.5, py: 0.5 }}
                >
                  <ListItemText
                    primary={list.name}
                    slotProps={{ primary: { noWrap: true, title: list.name, variant: 'body2' } }}
                  />
                  {/* Name, a space, count: the shown text reads as the start of the link's label. */}
                  {' '}
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
                      color: 'text.secondary',
                      ...(pending > 0 && { outline: '1px dashed', outlineColor: 'warning.main', color: 'warning.dark' }),
                    }}
                  >
                    {list.item_count + pending}
                  </Box>
                </ListItemLink>
              </ListItem>
            );
          })}
        </List>
        <Button
          startIcon={<AddIcon />}
          size="small"
          onClick={() => setCreating(true)}
          sx={{ mt: 0.5, ml: 0.5, textTransform: 'none', fontWeight: 600 }}
        >
          Create new list
        </Button>
      </Collapse>
      <CreateListModal open={creating} onClose={() => setCreating(false)} />
    </Box>
  );
}
