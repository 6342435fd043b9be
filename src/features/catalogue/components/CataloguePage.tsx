import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import { useSearchRows } from '../api/search-rows';
import type { CatalogueRow } from '../catalogue-kind';
import * as urlState from '../catalogue-search';
import { CatalogueCards } from './CatalogueCards';
import { CatalogueTable } from './CatalogueTable';
import type { CataloguePageProps, SelectionUpdate } from './catalogue-view';

export type { CataloguePageProps, CatalogueLayout } from './catalogue-view';

/** No row selected: one array, so the views see no change. */
const NONE: never[] = [];

/**
 * A catalogue page: filters, search, the server-paged rows and actions over the selected ones; as a data
 * grid, or as cards below SPEC's md breakpoint (where the grid's code is never loaded). The search, the
 * filters and the page live in the URL and the selection here, so a window resized across the breakpoint
 * keeps them all.
 */
export function CataloguePage<R extends CatalogueRow>(props: CataloguePageProps<R>) {
  const { kind, search, fit } = props;
  const phone = usePhoneLayout();
  // A query's change re-renders the component that reads it synchronously; the views below are
  // memoised, so that urgent render stops here and the view renders again as a non-urgent update,
  // which React splits into short tasks. It is given only what it shows of the query, so a change
  // of anything else (the query's result is a new object then) does not render it again.
  const { data, isFetching, isError, error, refetch } = useSearchRows(kind, search, fit.profile !== null);
  const results = useDeferredValue(
    useMemo(() => ({ data, isFetching, isError, error, refetch }), [data, isFetching, isError, error, refetch]),
  );

  // Selection belongs to the rows on screen: a new page or filter starts with none.
  const viewKey = JSON.stringify(urlState.searchQuery(kind, search));
  const [selection, setSelection] = useState<{ viewKey: string; ids: number[] }>({ viewKey, ids: [] });
  const selectedIds = selection.viewKey === viewKey ? selection.ids : NONE;
  const onSelectionChange = useCallback<SelectionUpdate>(
    (update) => setSelection((current) => ({ viewKey, ids: update(current.viewKey === viewKey ? current.ids : NONE) })),
    [viewKey],
  );

  const View = phone ? CatalogueCards : CatalogueTable;
  return <View {...props} results={results} selectedIds={selectedIds} onSelectionChange={onSelectionChange} />;
}
