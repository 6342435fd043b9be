import { useCallback, useMemo } from 'react';
import { viewQuery, type CatalogueSearch } from '@/features/catalogue/catalogue-search';
import type { CatalogueKind } from '@/features/catalogue/catalogue-kind';
import { CataloguePage } from '@/features/catalogue/components/CataloguePage';
import { ListSelectionActions } from '@/features/lists/components/ListSelectionActions';
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

/** Investors or Funds: the table ranked by the founder's profile, adding to lists, saving the search. */
export function CatalogueRoutePage<R extends Investor | Fund>({ kind, listType, search }: CatalogueRoutePageProps<R>) {
  const fit = useFitProfile();
  const ranked = fit.profile !== null;
  // Made again only when what they show changes: the page's table is memoised, and a new one would
  // render it, and its grid, again whenever the router renders this route.
  const selectionActions = useCallback((selected: R[]) => <ListSelectionActions listType={listType} selected={selected} />, [listType]);
  const headerActions = useMemo(
    // What is saved is the page's search call as it is now, without its page.
    () => <SaveSearchButton kind={rowSegment(listType)} query={viewQuery(kind, search, ranked)} />,
    [listType, kind, search, ranked],
  );
  return <CataloguePage kind={kind} search={search} selectionActions={selectionActions} fit={fit} headerActions={headerActions} />;
}
