import { useCallback, useMemo } from 'react';
import { viewQuery, type CatalogueSearch } from '@/features/catalogue/catalogue-search';
import type { CatalogueKind } from '@/features/catalogue/catalogue-kind';
import { CataloguePage, type CatalogueLayout } from '@/features/catalogue/components/CataloguePage';
import { isAddition } from '@/features/lists/api/list-outbox';
import { ListSelectionActions } from '@/features/lists/components/ListSelectionActions';
import { usePendingChanges } from '@/features/offline';
import { SaveSearchButton } from '@/features/saved-searches/components/SaveSearchButton';
import { useFitProfile } from '@/features/startup/api/use-startup-view';
import type { Fund, Investor, ListType } from '@/shared/api-types';
import { rowSegment } from '@/shared/list-paths';

export interface CatalogueRoutePageProps<R extends Investor | Fund> {
  kind: CatalogueKind<R>;
  /** The lists its selected rows may be added to. */
  listType: ListType;
  search: CatalogueSearch;
}

/** The rows of this type added to a list offline, not sent yet, as a set that changes only with its ids. */
function usePendingAdditions(listType: ListType): ReadonlySet<number> {
  const outbox = usePendingChanges();
  const ids = outbox
    .filter(isAddition)
    .filter((row) => row.payload.listType === listType)
    .flatMap((row) => row.payload.items.map((item) => item.id));
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  return useMemo(() => new Set(key ? key.split(',').map(Number) : []), [key]);
}

/** Investors or Funds: the rows ranked by the founder's profile, adding to lists, saving the search. */
export function CatalogueRoutePage<R extends Investor | Fund>({ kind, listType, search }: CatalogueRoutePageProps<R>) {
  const fit = useFitProfile();
  const ranked = fit.profile !== null;
  const pendingIds = usePendingAdditions(listType);
  // Made again only when what they show changes: the page's views are memoised, and a new one would
  // render them, and the grid, again whenever the router renders this route.
  const selectionActions = useCallback(
    (selected: R[], layout: CatalogueLayout) => <ListSelectionActions listType={listType} selected={selected} inBar={layout === 'cards'} />,
    [listType],
  );
  const headerActions = useCallback(
    // What is saved is the page's search call as it is now, without its page.
    (layout: CatalogueLayout) => <SaveSearchButton kind={rowSegment(listType)} query={viewQuery(kind, search, ranked)} compact={layout === 'cards'} />,
    [listType, kind, search, ranked],
  );
  return (
    <CataloguePage kind={kind} search={search} selectionActions={selectionActions} fit={fit} headerActions={headerActions} pendingIds={pendingIds} />
  );
}
