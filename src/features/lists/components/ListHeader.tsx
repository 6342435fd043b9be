import type { ReactNode } from 'react';
import { Box, Breadcrumbs, Chip, Stack, Typography } from '@mui/material';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import type { ListSummary } from '@/shared/api-types';
import { LIST_ROLE_LABELS } from '@/shared/teams';
import { itemCount } from './item-noun';

export interface ListHeaderProps {
  list: ListSummary;
  /** Rows shown, pending ones included. */
  count: number;
  pendingCount: number;
  actions: ReactNode;
}

/** A list page's breadcrumb, name, type and count, description, and its actions beside them. */
export function ListHeader({ list, count, pendingCount, actions }: ListHeaderProps) {
  return (
    <>
      <Breadcrumbs separator={<NavigateNextIcon fontSize="small" />} aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Lists
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 500 }} aria-current="page">
          {list.name}
        </Typography>
      </Breadcrumbs>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'flex-start' }, mb: 3 }}
      >
        {/* The name keeps room beside the actions, which wrap onto more lines instead. */}
        <Box sx={{ minWidth: { xs: 0, md: 260 }, flex: { md: '1 1 260px' } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, overflowWrap: 'anywhere' }}>
              {list.name}
            </Typography>
            <Chip
              size="small"
              label={`${list.list_type === 'investor' ? 'Investor' : 'Fund'} list · ${itemCount(list.list_type, count)}${pendingCount > 0 ? ` · ${pendingCount} pending` : ''}`}
            />
            {list.role !== 'owner' && (
              <Chip
                size="small"
                variant="outlined"
                color="primary"
                label={`Shared by ${list.owner.first_name} ${list.owner.last_name} · ${LIST_ROLE_LABELS[list.role]}`}
              />
            )}
          </Stack>
          {list.description && (
            <Typography variant="subtitle1" component="p" sx={{ mt: 1, maxWidth: 720 }}>
              {list.description}
            </Typography>
          )}
        </Box>
        <Box sx={{ minWidth: 0, flex: { md: '0 1 auto' } }}>{actions}</Box>
      </Stack>
    </>
  );
}
