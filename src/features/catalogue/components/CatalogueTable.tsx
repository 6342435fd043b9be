import { memo, useMemo, useState } from 'react';
import { Box, Paper } from '@mui/material';
import type { GridRowId } from '@mui/x-data-grid';
import { useNavigate } from '@tanstack/react-router';
import { AppDataGrid } from '@/components/DataGrid/AppDataGrid';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { PAGE_SIZE } from '@/shared/constants';
import type { CatalogueRow } from '../catalogue-kind';
import * as urlState from '../catalogue-search';
import { withFitColumn } from '../kinds/fit-column';
import { CatalogueFilterBar } from './CatalogueFilterBar';
import { CatalogueMoreFilters } from './CatalogueMoreFilters';
import { CatalogueFitControls } from './CatalogueFitControls';
import { CatalogueSearchField } from './CatalogueSearchField';
import { EmptyResults, LoadError } from './CatalogueEmpty';
import { useChangeSearch, useShownResults, type CatalogueViewProps } from './catalogue-view';

/**
 * A desktop's or tablet's catalogue page: the filter bar, the fit controls, and the server-paged grid
 * with the search box and the selection's list actions in its toolbar. Memoised: see CataloguePage.
 */
export const CatalogueTable = memo(CatalogueTableImpl) as typeof CatalogueTableImpl;

function CatalogueTableImpl<R extends CatalogueRow>({
  kind,
  search,
  results,
  selectionActions,
  fit,
  headerActions,
  selectedIds,
  onSelectionChange,
}: CatalogueViewProps<R>) {
  const { title, noun } = kind;
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { changeSearch, commitSearchTerm, clearAll } = useChangeSearch(kind, search);

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
      <CatalogueSearchField
        kind={kind}
        term={search.search ?? ''}
        onCommit={commitSearchTerm}
        sx={{ flex: { xs: '1 1 100%', md: '0 1 380px' } }}
      />
    ),
    [kind, search.search, commitSearchTerm],
  );

  const { total, rows, selectedRows, filtered, subtitle } = useShownResults(kind, search, results, selectedIds);

  return (
    <Box>
      <PageTitle
        title={title}
        subtitle={subtitle}
        actions={headerActions?.('grid')}
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
          loading={results.isFetching}
          pageSize={PAGE_SIZE}
          serverPaging={{
            page: search.page ?? 1,
            rowCount: total,
            onPageChange: (page) => changeSearch(urlState.withPage(search, page)),
          }}
          selection={{ ids: selectedIds, onChange: (ids: GridRowId[]) => onSelectionChange(() => ids.map(Number)) }}
          onRowOpen={(row) => void navigate({ to: kind.detailRoute, params: { id: String(row.id) } })}
          toolbarStart={
            <>
              {searchField}
              {selectionActions(selectedRows, 'grid')}
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
