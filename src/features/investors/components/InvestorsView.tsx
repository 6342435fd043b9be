import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { DataTable } from '@/components/DataTable';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { SearchField } from '@/components/SearchField';
import { formatCount } from '@/lib/format';
import { isUnavailableOffline } from '@/lib/query-persister';
import type { Investor } from '@/shared/api-types';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@/shared/constants';
import { useInvestorsSearch } from '../api/search-investors';
import { investorSearch, investorSearchQuery, type InvestorSearch } from '../investor-filters';
import { investorColumns } from './investor-columns';
import { InvestorFilterBar } from './InvestorFilterBar';
import { InvestorMoreFilters } from './InvestorMoreFilters';

export interface InvestorsViewProps {
  search: InvestorSearch;
  /** Pushes a new view into the URL; `replace` for keystrokes, so Back skips them. */
  onSearchChange: (search: InvestorSearch, options?: { replace?: boolean }) => void;
  onOpenInvestor: (investorId: number) => void;
  /** The list actions over the selected rows (the lists feature's toolbar). */
  selectionActions: (selected: Investor[]) => ReactNode;
}

/** The Investors page (SPEC §2): filters, search, the table and its selection toolbar. */
export function InvestorsView({ search, onSearchChange, onOpenInvestor, selectionActions }: InvestorsViewProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const results = useInvestorsSearch(search);
  const viewKey = JSON.stringify(investorSearchQuery(search));
  // Selection belongs to the rows on screen: a new page or filter starts with none.
  const [selection, setSelection] = useState<{ viewKey: string; ids: number[] }>({ viewKey, ids: [] });
  const selectedIds = selection.viewKey === viewKey ? selection.ids : [];

  const commitSearchTerm = useCallback(
    (term: string) => onSearchChange(investorSearch.withSearchTerm(search, term), { replace: true }),
    [onSearchChange, search],
  );

  const page = search.page ?? 1;
  const total = results.data?.total ?? 0;

  return (
    <Box>
      <PageTitle
        title="Investors"
        subtitle={
          results.data
            ? `${formatCount(total)} investors${investorSearch.hasFilters(search) || search.search ? ' match' : ''}`
            : 'Find investors for your next round'
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}>
        <InvestorFilterBar
          values={search}
          onChange={(filter, values) => onSearchChange(investorSearch.withFilter(search, filter, values))}
          drawerFilterCount={investorSearch.drawerFilterCount(search)}
          onOpenMoreFilters={() => setDrawerOpen(true)}
        />
      </Paper>
      <InvestorMoreFilters
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        value={investorSearch.drawerValues(search)}
        onApply={(values) => onSearchChange(investorSearch.withDrawerValues(search, values))}
        onClearAll={() => onSearchChange(investorSearch.withoutFilters(search))}
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
            label="Search investors"
            placeholder="Search name, firm, title, e-mail, city"
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
              ? 'Not available offline: investors with these filters were never loaded on this device. Connect to the internet to see them.'
              : 'Investors could not be loaded. Check your connection and try again.'}
          </Alert>
        ) : (
          <DataTable
            label="Investors"
            rows={results.data?.results ?? []}
            columns={investorColumns}
            minColumnWidth={60}
            maxColumnWidth={500}
            loading={results.isFetching}
            serverPaging={{
              page,
              pageSize: PAGE_SIZE,
              rowCount: total,
              pageCount: results.data?.total_pages ?? 0,
              onPageChange: (next) => onSearchChange(investorSearch.withPage(search, next)),
            }}
            selection={{ ids: selectedIds, onChange: (ids) => setSelection({ viewKey, ids: ids.map(Number) }) }}
            onRowClick={(row) => onOpenInvestor(row.id)}
            emptyState={
              <EmptyResults
                filtered={investorSearch.hasFilters(search) || Boolean(search.search)}
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
        No investors match
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {filtered ? 'Try fewer filters or a different search.' : 'The catalogue has no investors yet.'}
      </Typography>
      {filtered && (
        <Button variant="outlined" onClick={onClear}>
          Clear search and filters
        </Button>
      )}
    </Box>
  );
}
