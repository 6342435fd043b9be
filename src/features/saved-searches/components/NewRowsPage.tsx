import type { ReactNode } from 'react';
import { Box, CircularProgress, Paper } from '@mui/material';
import FiberNewOutlinedIcon from '@mui/icons-material/FiberNewOutlined';
import type { GridRowId } from '@mui/x-data-grid';
import { AppDataGrid } from '@/components/DataGrid/AppDataGrid';
import type { TableColumn } from '@/components/DataGrid';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { Pagination } from '@/components/Pagination';
import { RowCardList } from '@/components/RowCards';
import { NoRowsMessage, RowsLoadError } from '@/components/RowsMessage/RowsMessage';
import { formatCount } from '@/lib/format';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import { isUnavailableOffline } from '@/features/offline';
import { PAGE_SIZE } from '@/shared/constants';
import type { SavedSearch } from '@/shared/saved-searches';
import { useNewRows } from '../api/get-new-rows';
import { OpenSearchButton } from './OpenSearchButton';

/** Rows or none: one array, so the grid sees no change. */
const NO_ROWS: never[] = [];

export interface NewRowsPageProps<R> {
  saved: SavedSearch;
  /** The 1-based page shown, from the URL, and how to show another. */
  page: number;
  onPageChange: (page: number) => void;
  /** The kind's table columns (another feature's, composed by the route). */
  columns: readonly TableColumn<R>[];
  onRowOpen: (row: R) => void;
  /** A row as a phone's card (a RowCard: the kind's, composed by the route). */
  renderCard: (row: R) => ReactNode;
}

/**
 * What an alert mail's "see them all" opens: the rows added to the catalogue since the saved search
 * was last opened that match it, in its kind's table, a page at a time, and a way to open the search.
 */
export function NewRowsPage<R extends { id: GridRowId }>({ saved, page, onPageChange, columns, onRowOpen, renderCard }: NewRowsPageProps<R>) {
  const results = useNewRows<R>(saved.id, page);
  const total = results.data?.total ?? 0;
  const noun = saved.kind;
  const phone = usePhoneLayout();
  const rows = results.data?.results ?? NO_ROWS;
  const noRows = results.isError ? (
    <RowsLoadError offline={isUnavailableOffline(results.error)} onRetry={() => void results.refetch()}>
      {isUnavailableOffline(results.error)
        ? `Not available offline: the new ${noun} of this search were never loaded on this device.`
        : `The new ${noun} could not be loaded. Check your connection and try again.`}
    </RowsLoadError>
  ) : (
    <NoRowsMessage
      icon={FiberNewOutlinedIcon}
      title="Nothing new"
      detail={`No ${noun} that match “${saved.name}” were added since you last opened it.`}
    />
  );
  return (
    <Box>
      <PageTitle
        title={saved.name}
        subtitle={
          results.data
            ? `${formatCount(total)} new ${total === 1 ? noun.slice(0, -1) : noun} since you last opened this search`
            : `New ${noun} that match this search`
        }
        actions={<OpenSearchButton saved={saved} />}
      />
      {phone ? (
        results.isPending ? (
          <Box sx={{ py: 6, display: 'grid', placeItems: 'center' }}>
            <CircularProgress size={28} aria-label={`Loading new ${noun}`} />
          </Box>
        ) : (
          <RowCardList
            label={`New ${noun}`}
            rows={rows}
            rowKey={(row) => row.id}
            renderCard={renderCard}
            empty={<Paper variant="outlined">{noRows}</Paper>}
            footer={<Pagination page={page} pageCount={Math.ceil(total / PAGE_SIZE)} onPageChange={onPageChange} />}
          />
        )
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <AppDataGrid
            label={`New ${noun}`}
            tableId={noun}
            rows={rows}
            columns={columns}
            loading={results.isFetching}
            pageSize={PAGE_SIZE}
            serverPaging={{ page, rowCount: total, onPageChange }}
            onRowOpen={onRowOpen}
            noRows={noRows}
          />
        </Paper>
      )}
    </Box>
  );
}
