import { memo, useCallback, useMemo, useState } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { Pagination } from '@/components/Pagination';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { RowCardList, SELECTION_BAR_SPACE, SelectionBar } from '@/components/RowCards';
import { PAGE_SIZE } from '@/shared/constants';
import type { CatalogueRow } from '../catalogue-kind';
import * as urlState from '../catalogue-search';
import { CatalogueCard } from './CatalogueCard';
import { CatalogueFilterSheet } from './CatalogueFilterSheet';
import { CatalogueSearchField } from './CatalogueSearchField';
import { FitInvitation } from './CatalogueFitControls';
import { EmptyResults, LoadError } from './CatalogueEmpty';
import { FilterChips } from './FilterChips';
import { useChangeSearch, useShownResults, type CatalogueViewProps } from './catalogue-view';

const NOT_PENDING: ReadonlySet<number> = new Set();

/**
 * A phone's catalogue page: the heading, the search box and one Filters button (the filters in a
 * full-screen sheet), the filters set as removable chips, then the rows as cards, a compact pager and,
 * with rows selected, their list actions in a bar at the bottom. Memoised: see CataloguePage.
 */
export const CatalogueCards = memo(CatalogueCardsImpl) as typeof CatalogueCardsImpl;

function CatalogueCardsImpl<R extends CatalogueRow>({
  kind,
  search,
  results,
  selectionActions,
  fit,
  headerActions,
  pendingIds = NOT_PENDING,
  selectedIds,
  onSelectionChange,
}: CatalogueViewProps<R>) {
  const { title, noun } = kind;
  usePageTitle(title);
  const [sheetOpen, setSheetOpen] = useState(false);
  const { changeSearch, commitSearchTerm, clearAll } = useChangeSearch(kind, search);
  const ranked = fit.profile !== null;
  const filters = urlState.filterCount(kind, search, ranked);

  // What does not depend on the results is not rendered again when they change.
  const controls = useMemo(
    () => (
      <>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1.5 }}>
          <CatalogueSearchField
            kind={kind}
            term={search.search ?? ''}
            onCommit={commitSearchTerm}
            sx={{ flex: '1 1 auto', minWidth: 0, bgcolor: 'background.paper' }}
          />
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<TuneIcon />}
            onClick={() => setSheetOpen(true)}
            aria-haspopup="dialog"
            aria-label={filters > 0 ? `Filters, ${filters} set` : 'Filters'}
            sx={{ height: 40, flexShrink: 0, borderColor: filters > 0 ? 'primary.main' : 'divider', bgcolor: 'background.paper' }}
          >
            Filters
            {filters > 0 && (
              <Box component="span" sx={{ ml: 0.75, px: 0.75, minWidth: 20, borderRadius: 10, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 12, lineHeight: '20px' }}>
                {filters}
              </Box>
            )}
          </Button>
        </Box>
        <FilterChips kind={kind} search={search} ranked={ranked} onChange={changeSearch} />
        <CatalogueFilterSheet
          kind={kind}
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          search={search}
          ranked={ranked}
          pending={fit.pending}
          onApply={changeSearch}
          onClearAll={() => changeSearch(urlState.withoutFilters(kind, search))}
        />
      </>
    ),
    [kind, search, filters, ranked, fit.pending, sheetOpen, changeSearch, commitSearchTerm],
  );

  const select = useCallback(
    (id: number, selected: boolean) =>
      onSelectionChange((ids) => (selected ? [...ids.filter((other) => other !== id), id] : ids.filter((other) => other !== id))),
    [onSelectionChange],
  );

  const { total, rows, selectedRows, filtered, subtitle } = useShownResults(kind, search, results, selectedIds);
  const page = search.page ?? 1;

  let empty;
  if (results.isError) {
    empty = <LoadError title={title} noun={noun} error={results.error} onRetry={() => void results.refetch()} />;
  } else if (!results.data) {
    empty = (
      <Box sx={{ py: 6, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={28} aria-label={`Loading ${title}`} />
      </Box>
    );
  } else {
    empty = <EmptyResults noun={noun} filtered={filtered} onClear={clearAll} />;
  }

  return (
    <Box sx={{ pb: selectedIds.length > 0 ? `${SELECTION_BAR_SPACE}px` : 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h1" component="h1" sx={{ fontSize: '1.5rem' }}>
            {title}
          </Typography>
          <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
            {subtitle}
          </Typography>
        </Box>
        {headerActions?.('cards')}
      </Box>
      {controls}
      <Box sx={{ mt: 1.5, opacity: results.isFetching && results.data ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={results.isFetching}>
        <RowCardList
          label={title}
          rows={rows}
          rowKey={(row) => row.id}
          renderCard={(row) => (
            <CatalogueCard
              kind={kind}
              row={row}
              profile={fit.profile}
              selected={selectedIds.includes(row.id)}
              onSelect={select}
              pending={pendingIds.has(row.id)}
            />
          )}
          empty={empty}
          footer={
            <Pagination
              page={page}
              pageCount={Math.ceil(total / PAGE_SIZE)}
              onPageChange={(next) => changeSearch(urlState.withPage(search, next))}
            />
          }
        />
      </Box>
      {/* Under the rows, so it waits for them: drawn under the spinner, the rows would push it down the screen. */}
      {!ranked && results.data && <FitInvitation />}
      <SelectionBar count={selectedRows.length} onClear={() => onSelectionChange(() => [])}>
        {selectionActions(selectedRows, 'cards')}
      </SelectionBar>
    </Box>
  );
}
