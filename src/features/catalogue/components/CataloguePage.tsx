import { memo, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { GridRowId } from '@mui/x-data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { AppDataGrid } from '@/components/DataGrid/AppDataGrid';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { SearchField } from '@/components/SearchField';
import { formatCount } from '@/lib/format';
import { isUnavailableOffline } from '@/features/offline';
import type { Paged } from '@/shared/api-types';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@/shared/constants';
import { useSearchRows } from '../api/search-rows';
import type { CatalogueKind, CatalogueRow } from '../catalogue-kind';
import * as urlState from '../catalogue-search';
import type { CatalogueSearch } from '../catalogue-search';
import { CatalogueFilterBar } from './CatalogueFilterBar';
import { CatalogueMoreFilters } from './CatalogueMoreFilters';
import { CatalogueFitControls } from './CatalogueFitControls';
import { withFitColumn } from '../kinds/fit-column';
import type { CompleteStartupProfile } from '@/shared/fit';

/** Rows or ids while there are none: one array, so the grid sees no change. */
const EMPTY_ROWS: never[] = [];

export interface CataloguePageProps<R extends CatalogueRow> {
  kind: CatalogueKind<R>;
  /** The page's URL search, as its route read it. */
  search: CatalogueSearch;
  /** Actions over the selected rows in the table's toolbar (another feature's, composed by the route). */
  selectionActions: (selected: R[]) => ReactNode;
  /**
   * The founder's startup profile the server scores rows by (null before the first save), and whether
   * an edit of it waits to be sent (another feature's, composed by the route).
   */
  fit: { profile: CompleteStartupProfile | null; pending: boolean };
  /** Buttons beside the page's heading (another feature's, composed by the route: Save search). */
  headerActions?: ReactNode;
}

/** A catalogue table page: filters, search, the server-paged table and its selection toolbar. */
export function CataloguePage<R extends CatalogueRow>({ kind, search, selectionActions, fit, headerActions }: CataloguePageProps<R>) {
  // A query's change re-renders the component that reads it synchronously; the table below is
  // memoised, so that urgent render stops here and the table renders again as a non-urgent update,
  // which React splits into short tasks. It is given only what it shows of the query, so a change
  // of anything else (the query's result is a new object then) does not render it, and its grid, again.
  const { data, isFetching, isError, error, refetch } = useSearchRows(kind, search, fit.profile !== null);
  const results = useDeferredValue(
    useMemo(() => ({ data, isFetching, isError, error, refetch }), [data, isFetching, isError, error, refetch]),
  );
  return (
    <CatalogueTable kind={kind} search={search} results={results} selectionActions={selectionActions} fit={fit} headerActions={headerActions} />
  );
}

const CatalogueTable = memo(CatalogueTableImpl) as typeof CatalogueTableImpl;

function CatalogueTableImpl<R extends CatalogueRow>({
  kind,
  search,
  results,
  selectionActions,
  fit,
  headerActions,
}: CataloguePageProps<R> & { results: Pick<UseQueryResult<Paged<R>>, 'data' | 'isFetching' | 'isError' | 'error' | 'refetch'> }) {
  const { title, noun } = kind;
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Selection belongs to the rows on screen: a new page or filter starts with none.
  const viewKey = JSON.stringify(urlState.searchQuery(kind, search));
  const [selection, setSelection] = useState<{ viewKey: string; ids: number[] }>({ viewKey, ids: [] });
  const selectedIds = selection.viewKey === viewKey ? selection.ids : EMPTY_ROWS;

  /** Pushes a new view into the URL; `replace` for keystrokes, so Back skips them. */
  const changeSearch = useCallback(
    (next: CatalogueSearch, replace = false) => void navigate({ to: kind.listRoute, search: next, replace }),
    [navigate, kind.listRoute],
  );
  const commitSearchTerm = useCallback(
    (term: string) => changeSearch(urlState.withSearchTerm(kind, search, term), true),
    [changeSearch, kind, search],
  );

  // The filters and the search box do not depend on the results, so they are not rendered again
  // each time the results query changes (fetching starts or ends, an answer arrives).
  const filterBar = useMemo(
    () => (
      <CatalogueFilterBar
        kind={kind}
        search={search}
        onChange={(key, values) => changeSearch(urlState.withFilter(kind, search, key, values))}
        onOpenMoreFilters={() => setDrawerOpen(true)}
      />
    ),
    [kind, search, changeSearch],
  );
  const moreFilters = useMemo(
    () => (
      <CatalogueMoreFilters
        kind={kind}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        value={urlState.drawerValues(kind, search)}
        onApply={(values) => changeSearch(urlState.withDrawerValues(kind, search, values))}
        onClearAll={() => changeSearch(urlState.withoutFilters(kind, search))}
      />
    ),
    [kind, drawerOpen, search, changeSearch],
  );
  const ranked = fit.profile !== null;
  const fitControls = useMemo(
    () => (
      <CatalogueFitControls
        search={search}
        ranked={ranked}
        pending={fit.pending}
        onSort={(sort) => changeSearch(urlState.withSort(kind, search, sort))}
        onGoodFit={(minFit) => changeSearch(urlState.withMinFit(kind, search, minFit))}
      />
    ),
    [kind, search, ranked, fit.pending, changeSearch],
  );
  const columns = useMemo(() => withFitColumn(kind.columns, fit.profile), [kind.columns, fit.profile]);
  const searchField = useMemo(
    () => (
      <SearchField
        label={`Search ${noun}`}
        placeholder={kind.searchPlaceholder}
        value={search.search ?? ''}
        onCommit={commitSearchTerm}
        debounceMs={SEARCH_DEBOUNCE_MS}
        sx={{ flex: { xs: '1 1 100%', md: '0 1 380px' } }}
      />
    ),
    [noun, kind.searchPlaceholder, search.search, commitSearchTerm],
  );

  const total = results.data?.total ?? 0;
  const rows = results.data?.results ?? EMPTY_ROWS;
  const selectedRows = useMemo(() => rows.filter((row) => selectedIds.includes(row.id)), [rows, selectedIds]);
  const filtered = urlState.hasFilters(kind, search) || Boolean(search.search);
  const clearAll = () => changeSearch(urlState.withoutFilters(kind, urlState.withSearchTerm(kind, search, '')));

  return (
    <Box>
      <PageTitle
        title={title}
        subtitle={results.data ? `${formatCount(total)} ${noun}${filtered ? ' match' : ''}` : kind.idleSubtitle}
        actions={headerActions}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}>
        {filterBar}
        {fitControls}
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
          serverPaging={{
            page: search.page ?? 1,
            rowCount: total,
            onPageChange: (page) => changeSearch(urlState.withPage(search, page)),
          }}
          selection={{ ids: selectedIds, onChange: (ids: GridRowId[]) => setSelection({ viewKey, ids: ids.map(Number) }) }}
          onRowOpen={(row) => void navigate({ to: kind.detailRoute, params: { id: String(row.id) } })}
          toolbarStart={
            <>
              {searchField}
              {selectionActions(selectedRows)}
            </>
          }
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
