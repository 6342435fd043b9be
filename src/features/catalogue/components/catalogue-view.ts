// What the catalogue page hands its two views (the grid on a desktop or tablet, the cards on a phone):
// the same URL search, query results and selection, so crossing the breakpoint keeps all three.
import { useCallback, useMemo, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatCount } from '@/lib/format';
import type { Paged } from '@/shared/api-types';
import type { CompleteStartupProfile } from '@/shared/fit';
import type { AnyCatalogueKind, CatalogueKind, CatalogueRow } from '../catalogue-kind';
import * as urlState from '../catalogue-search';
import type { CatalogueSearch } from '../catalogue-search';

/** How the rows show: a data grid, or cards below SPEC's md breakpoint. */
export type CatalogueLayout = 'grid' | 'cards';

export interface CataloguePageProps<R extends CatalogueRow> {
  kind: CatalogueKind<R>;
  /** The page's URL search, as its route read it. */
  search: CatalogueSearch;
  /**
   * Actions over the selected rows: in the grid's toolbar, or in the cards' selection bar (another
   * feature's, composed by the route).
   */
  selectionActions: (selected: R[], layout: CatalogueLayout) => ReactNode;
  /**
   * The founder's startup profile the server scores rows by (null before the first save), and whether
   * an edit of it waits to be sent (another feature's, composed by the route).
   */
  fit: { profile: CompleteStartupProfile | null; pending: boolean };
  /** Buttons beside the page's heading (another feature's, composed by the route: Save search). */
  headerActions?: (layout: CatalogueLayout) => ReactNode;
  /** Rows with a change not sent yet (added to a list offline): their cards are marked pending. */
  pendingIds?: ReadonlySet<number>;
}

export type CatalogueResults<R> = Pick<UseQueryResult<Paged<R>>, 'data' | 'isFetching' | 'isError' | 'error' | 'refetch'>;

/** The selected rows' ids changed from what they were (for the page on screen). */
export type SelectionUpdate = (update: (ids: readonly number[]) => number[]) => void;

export interface CatalogueViewProps<R extends CatalogueRow> extends CataloguePageProps<R> {
  results: CatalogueResults<R>;
  selectedIds: readonly number[];
  onSelectionChange: SelectionUpdate;
}

/** Rows while there are none: one array, so the grid sees no change. */
const NO_ROWS: never[] = [];

/**
 * Pushes a new view into the URL (`replace` for keystrokes, so Back skips them), the search box's commit,
 * and the empty results' Clear (the search term and every filter).
 */
export function useChangeSearch(kind: AnyCatalogueKind, search: CatalogueSearch) {
  const navigate = useNavigate();
  const changeSearch = useCallback(
    (next: CatalogueSearch, replace = false) => void navigate({ to: kind.listRoute, search: next, replace }),
    [navigate, kind.listRoute],
  );
  const commitSearchTerm = useCallback(
    (term: string) => changeSearch(urlState.withSearchTerm(kind, search, term), true),
    [changeSearch, kind, search],
  );
  const clearAll = useCallback(
    () => changeSearch(urlState.withoutFilters(kind, urlState.withSearchTerm(kind, search, ''))),
    [changeSearch, kind, search],
  );
  return { changeSearch, commitSearchTerm, clearAll };
}

/**
 * What both views show of the results: the page's rows and the selected ones among them, how many match
 * (the heading's subtitle, the kind's idle one before the first answer), and whether a search or filter
 * narrows them.
 */
export function useShownResults<R extends CatalogueRow>(
  kind: CatalogueKind<R>,
  search: CatalogueSearch,
  results: CatalogueResults<R>,
  selectedIds: readonly number[],
) {
  const total = results.data?.total ?? 0;
  const rows = results.data?.results ?? NO_ROWS;
  const selectedRows = useMemo(() => rows.filter((row) => selectedIds.includes(row.id)), [rows, selectedIds]);
  const filtered = urlState.hasFilters(kind, search) || Boolean(search.search);
  const subtitle = results.data ? `${formatCount(total)} ${kind.noun}${filtered ? ' match' : ''}` : kind.idleSubtitle;
  return { total, rows, selectedRows, filtered, subtitle };
}
