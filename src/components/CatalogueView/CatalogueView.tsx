import { memo, useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { GridRowId } from '@mui/x-data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { AppDataGrid, type TableColumn } from '@/components/DataGrid';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { SearchField } from '@/components/SearchField';
import { formatCount } from '@/lib/format';
import { isUnavailableOffline } from '@/lib/query-persister';
import type { Paged } from '@/shared/api-types';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@/shared/constants';

/** Rows or ids while there are none: one array, so the grid sees no change. */
const EMPTY_ROWS: never[] = [];

/** The page's URL state: list filters, the search text and the page. */
export type CatalogueSearchState<L extends string> = Partial<Record<L, string[]>> & { search?: string; page?: number };

/** What the page does to its URL state; `createFilterSearch` (lib/filter-search) makes one. */
export interface CatalogueSearchHelper<S, L extends string, D> {
  withFilter(search: S, key: L, values: string[]): S;
  withSearchTerm(search: S, term: string): S;
  withPage(search: S, page: number): S;
  drawerValues(search: S): D;
  withDrawerValues(search: S, values: D): S;
  withoutFilters(search: S): S;
  hasFilters(search: S): boolean;
  drawerFilterCount(search: S): number;
}

export interface FilterBarSlotProps<L extends string> {
  values: Partial<Record<L, string[]>>;
  onChange: (filter: L, values: string[]) => void;
  drawerFilterCount: number;
  onOpenMoreFilters: () => void;
}

export interface MoreFiltersSlotProps<D> {
  open: boolean;
  onClose: () => void;
  value: D;
  onApply: (value: D) => void;
  onClearAll: () => void;
}

export interface CatalogueViewProps<R extends { id: number }, S extends CatalogueSearchState<L>, L extends string, D> {
  /** The page title, capitalised and plural ('Investors'). */
  title: string;
  /** The rows' name in running text, plural ('investors'). */
  noun: string;
  /** The subtitle until the first page of rows arrives. */
  idleSubtitle: string;
  searchPlaceholder: string;
  search: S;
  searchHelper: CatalogueSearchHelper<S, L, D>;
  /** Identifies the rows on screen (page and filters); the selection is dropped when it changes. */
  viewKey: string;
  /**
   * The rows' query, passed through `useDeferredValue`. A query's change re-renders the component
   * that reads it synchronously; this view is memoised, so that urgent render stops above it and
   * the page renders again as a non-urgent update, which React splits into short tasks.
   */
  results: UseQueryResult<Paged<R>>;
  columns: readonly TableColumn<R>[];
  FilterBar: ComponentType<FilterBarSlotProps<L>>;
  MoreFilters: ComponentType<MoreFiltersSlotProps<D>>;
  /** Pushes a new view into the URL; `replace` for keystrokes, so Back skips them. */
  onSearchChange: (search: S, options?: { replace?: boolean }) => void;
  onOpen: (id: number) => void;
  /** The list actions over the selected rows (the lists feature's toolbar). */
  selectionActions: (selected: R[]) => ReactNode;
}

/** A catalogue page (SPEC §2): filters, search, the server-paged table and its selection toolbar. */
export const CatalogueView = memo(CatalogueViewImpl) as typeof CatalogueViewImpl;

function CatalogueViewImpl<R extends { id: number }, S extends CatalogueSearchState<L>, L extends string, D>({
  title,
  noun,
  idleSubtitle,
  searchPlaceholder,
  search,
  searchHelper,
  viewKey,
  results,
  columns,
  FilterBar,
  MoreFilters,
  onSearchChange,
  onOpen,
  selectionActions,
}: CatalogueViewProps<R, S, L, D>) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Selection belongs to the rows on screen: a new page or filter starts with none.
  const [selection, setSelection] = useState<{ viewKey: string; ids: number[] }>({ viewKey, ids: [] });
  const selectedIds = selection.viewKey === viewKey ? selection.ids : EMPTY_ROWS;

  const commitSearchTerm = useCallback(
    (term: string) => onSearchChange(searchHelper.withSearchTerm(search, term), { replace: true }),
    [onSearchChange, searchHelper, search],
  );

  // The filters and the search box do not depend on the results, so they are not rendered again
  // each time the results query changes (fetching starts or ends, an answer arrives).
  const filterBar = useMemo(
    () => (
      <FilterBar
        values={search}
        onChange={(filter, values) => onSearchChange(searchHelper.withFilter(search, filter, values))}
        drawerFilterCount={searchHelper.drawerFilterCount(search)}
        onOpenMoreFilters={() => setDrawerOpen(true)}
      />
    ),
    [FilterBar, search, searchHelper, onSearchChange],
  );
  const moreFilters = useMemo(
    () => (
      <MoreFilters
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        value={searchHelper.drawerValues(search)}
        onApply={(values) => onSearchChange(searchHelper.withDrawerValues(search, values))}
        onClearAll={() => onSearchChange(searchHelper.withoutFilters(search))}
      />
    ),
    [MoreFilters, drawerOpen, search, searchHelper, onSearchChange],
  );
  const searchField = useMemo(
    () => (
      <SearchField
        label={`Search ${noun}`}
        placeholder={searchPlaceholder}
        value={search.search ?? ''}
        onCommit={commitSearchTerm}
        debounceMs={SEARCH_DEBOUNCE_MS}
        sx={{ flex: { xs: '1 1 100%', md: '0 1 380px' } }}
      />
    ),
    [noun, searchPlaceholder, search.search, commitSearchTerm],
  );

  const page = search.page ?? 1;
  const total = results.data?.total ?? 0;
  const rows = results.data?.results ?? EMPTY_ROWS;
  const selectedRows = useMemo(() => rows.filter((row) => selectedIds.includes(row.id)), [rows, selectedIds]);
  const toolbarStart = (
    <>
      {searchField}
      {selectionActions(selectedRows)}
    </>
  );
  const onPageChange = (next: number) => onSearchChange(searchHelper.withPage(search, next));
  const onSelectionChange = (ids: GridRowId[]) => setSelection({ viewKey, ids: ids.map(Number) });
  const onRowOpen = (row: R) => onOpen(row.id);
  const filtered = searchHelper.hasFilters(search) || Boolean(search.search);
  const clearAll = () => onSearchChange(searchHelper.withoutFilters(searchHelper.withSearchTerm(search, '')));

  return (
    <Box>
      <PageTitle
        title={title}
        subtitle={results.data ? `${formatCount(total)} ${noun}${filtered ? ' match' : ''}` : idleSubtitle}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}>
        {filterBar}
      </Paper>
      {moreFilters}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <AppDataGrid
          label={title}
          tableId={noun}
          rows={rows}
          columns={columns}
          minColumnWidth={60}
          maxColumnWidth={500}
          loading={results.isFetching}
          pageSize={PAGE_SIZE}
          serverPaging={{ page, rowCount: total, onPageChange }}
          selection={{ ids: selectedIds, onChange: onSelectionChange }}
          onRowOpen={onRowOpen}
          toolbarStart={toolbarStart}
          noRows={
            results.isError ? (
              <LoadError title={title} noun={noun} error={results.error} onRetry={() => void results.refetch()} />
            ) : (
              <EmptyResults noun={noun} filtered={filtered} onClear={clearAll} />
            )
          }
        />
      </Paper>
    </Box>
  );
}

function LoadError({ title, noun, error, onRetry }: { title: string; noun: string; error: unknown; onRetry: () => void }) {
  const offline = isUnavailableOffline(error);
  return (
    <Alert
      severity={offline ? 'info' : 'error'}
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {offline
        ? `Not available offline: ${noun} with these filters were never loaded on this device. Connect to the internet to see them.`
        : `${title} could not be loaded. Check your connection and try again.`}
    </Alert>
  );
}

function EmptyResults({ noun, filtered, onClear }: { noun: string; filtered: boolean; onClear: () => void }) {
  return (
    <Box sx={{ py: 8, px: 3, textAlign: 'center' }}>
      <SearchOffIcon sx={{ fontSize: 40, color: 'text.disabled', mb: 1 }} />
      <Typography variant="h5" component="p">
        No {noun} match
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {filtered ? 'Try fewer filters or a different search.' : `The catalogue has no ${noun} yet.`}
      </Typography>
      {filtered && (
        <Button variant="outlined" onClick={onClear}>
          Clear search and filters
        </Button>
      )}
    </Box>
  );
}
