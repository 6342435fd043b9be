import { memo, type ReactNode } from 'react';
import { Box, Paper } from '@mui/material';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import type { ListSummary } from '@/shared/api-types';
import type { ListViewMode } from '../list-view-mode';
import { ListActions } from './ListActions';
import { ListEmptyState } from './ListEmptyState';
import { ListHeader } from './ListHeader';

export interface ListViewProps {
  list: ListSummary;
  /** Rows shown, pending ones included. */
  count: number;
  pendingCount: number;
  view: ListViewMode;
  onViewChange: (view: ListViewMode) => void;
  onExport: () => void;
  /** The search and filters: the table shows them in its own toolbar, the board above it. */
  toolbar: ReactNode;
  /** The rows as a table (a ListTable, given the toolbar), or on a phone as cards (ListCards, with it too). */
  table: ReactNode;
  /** The rows as a board: another feature's, which the route passes in. */
  board: ReactNode;
  /** Other features' everyday actions (adding a contact, sharing). */
  actions?: ReactNode;
  /** Other features' rare actions, in the "More" menu (importing). */
  moreActions?: ReactNode;
  /** Another feature's notice above the rows (an import that can still be undone). */
  notice?: ReactNode;
}

/**
 * A saved list's page: its header and actions, and its rows as a table or a board. Drawn again only when
 * its props change (the page's hooks re-run often while its queries arrive; keep them steady).
 */
export const ListView = memo(function ListView({
  list,
  count,
  pendingCount,
  view,
  onViewChange,
  onExport,
  toolbar,
  table,
  board,
  actions,
  moreActions,
  notice,
}: ListViewProps) {
  usePageTitle(list.name);
  const phone = usePhoneLayout();
  return (
    <Box>
      <ListHeader
        list={list}
        count={count}
        pendingCount={pendingCount}
        actions={
          <ListActions list={list} view={view} onViewChange={onViewChange} canExport={count > 0} onExport={onExport} more={moreActions}>
            {actions}
          </ListActions>
        }
      />
      {notice}
      {/* A phone's cards have their own borders. */}
      {phone && view === 'table' ? (
        table
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          {view === 'board' ? (
            <>
              <Box
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2, borderBottom: 1, borderColor: 'divider' }}
              >
                {toolbar}
              </Box>
              {count === 0 ? <ListEmptyState /> : board}
            </>
          ) : (
            table
          )}
        </Paper>
      )}
    </Box>
  );
});
