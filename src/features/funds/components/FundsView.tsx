import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { DataTable } from '@/components/DataTable';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { SearchField } from '@/components/SearchField';
import { formatCount } from '@/lib/format';
import { isUnavailableOffline } from '@/lib/query-persister';
import type { Fund } from '@/shared/api-types';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@/shared/constants';
import { useFundsSearch } from '../api/search-funds';
import { fundSearch, fundSearchQuery, type FundSearch } from '../fund-filters';
import { fundColumns } from './fund-columns';
import { FundFilterBar } from './FundFilterBar';
import { FundMoreFilters } from './FundMoreFilters';

export interface FundsViewProps {
  search: FundSearch;
  /** Pushes a new view into the URL; `replace` for keystrokes, so Back skips them. */
  onSearchChange: (search: FundSearch, options?: { replace?: boolean }) => void;
  onOpenFund: (fundId: number) => void;
  /** The list actions over the selected rows (the lists feature's toolbar). */
  selectionActions: (selected: Fund[]) => ReactNode;
}

/** The Funds page (SPEC §2): filters, search, the table and its selection toolbar. */
export function FundsView({ search, onSearchChange, onOpenFund, selectionActions }: FundsViewProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const results = useFundsSearch(search);
  const viewKey = JSON.stringify(fundSearchQuery(search));
  // Selection belongs to the rows on screen: a new page or filter starts with none.
  const [selection, setSelection] = useState<{ viewKey: string; ids: number[] }>({ viewKey, ids: [] });
  const selectedIds = selection.viewKey === viewKey ? selection.ids : [];

  const commitSearchTerm = useCallback(
    (term: string) => onSearchChange(fundSearch.withSearchTerm(search, term), { replace: true }),
    [onSearchChange, search],
  );

  const page = search.page ?? 1;
  const total = results.data?.total ?? 0;

  return (
    <Box>
      <PageTitle
        title="Funds"
        subtitle={
          results.data
            ? `${formatCount(total)} funds${fundSearch.hasFilters(search) || search.search ? ' match' : ''}`
            : 'Venture capital, private equity and other funds'
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}>
        <FundFilterBar
          values={search}
          onChange={(filter, values) => onSearchChange(fundSearch.withFilter(search, filter, values))}
          drawerFilterCount={fundSearch.drawerFilterCount(search)}
          onOpenMoreFilters={() => setDrawerOpen(true)}
        />
      </Paper>
      <FundMoreFilters
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        value={fundSearch.drawerValues(search)}
        onApply={(values) => onSearchChange(fundSearch.withDrawerValues(search, values))}
        onClearAll={() => onSearchChange(fundSearch.withoutFilters(search))}
      />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            alignItems: 'center',
            justifyContent: 'space-between',
            p: 2,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <SearchField
            label="Search funds"
            placeholder="Search firm, contact, e-mail, address"
            value={search.search ?? ''}
            onCommit={commitSearchTerm}
            debounceMs={SEARCH_DEBOUNCE_MS}
            sx={{ flex: { xs: '1 1 100%', md: '0 1 380px' } }}
          />
          {selectionActions((results.data?.results ?? []).filter((row) => selectedIds.includes(row.id)))}
        </Box>
        {results.isError ? (
          <Alert
            severity={isUnavailableOffline(results.error) ? 'info' : 'error'}
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void results.refetch()}>
                Retry
              </Button>
            }
          >
            {isUnavailableOffline(results.error)
              ? 'Not available offline: funds with these filters were never loaded on this device. Connect to the internet to see them.'
              : 'Funds could not be loaded. Check your connection and try again.'}
          </Alert>
        ) : (
          <DataTable
            label="Funds"
            rows={results.data?.results ?? []}
            columns={fundColumns}
            minColumnWidth={60}
            maxColumnWidth={500}
            loading={results.isFetching}
            serverPaging={{
              page,
              pageSize: PAGE_SIZE,
              rowCount: total,
              pageCount: results.data?.total_pages ?? 0,
              onPageChange: (next) => onSearchChange(fundSearch.withPage(search, next)),
            }}
            selection={{ ids: selectedIds, onChange: (ids) => setSelection({ viewKey, ids: ids.map(Number) }) }}
            onRowClick={(row) => onOpenFund(row.id)}
            emptyState={
              <EmptyResults
                filtered={fundSearch.hasFilters(search) || Boolean(search.search)}
                onClear={() => onSearchChange({})}
              />
            }
          />
        )}
      </Paper>
    </Box>
  );
}

function EmptyResults({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Box sx={{ py: 8, px: 3, textAlign: 'center' }}>
      <SearchOffIcon sx={{ fontSize: 40, color: 'text.disabled', mb: 1 }} />
      <Typography variant="h5" component="p">
        No funds match
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {filtered ? 'Try fewer filters or a different search.' : 'The catalogue has no funds yet.'}
      </Typography>
      {filtered && (
        <Button variant="outlined" onClick={onClear}>
          Clear search and filters
        </Button>
      )}
    </Box>
  );
}
