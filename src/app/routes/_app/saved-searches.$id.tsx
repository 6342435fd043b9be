import { onlineManager } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFound } from '@/components/NotFound/NotFound';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { RowCard } from '@/components/RowCards';
import { pageNumber } from '@/lib/search-params';
import type { CatalogueKind, CatalogueRow } from '@/features/catalogue/catalogue-kind';
import { withFitColumn } from '@/features/catalogue/kinds/fit-column';
import { funds } from '@/features/catalogue/kinds/funds';
import { investors } from '@/features/catalogue/kinds/investors';
import { newRowsQueryOptions } from '@/features/saved-searches/api/get-new-rows';
import { savedSearchesQueryOptions } from '@/features/saved-searches/api/get-saved-searches';
import { useShownSavedSearch } from '@/features/saved-searches/api/use-shown-saved-searches';
import { NewRowsPage } from '@/features/saved-searches/components/NewRowsPage';
import { useFitProfile } from '@/features/startup/api/use-startup-view';
import type { SavedSearch } from '@/shared/saved-searches';
import { cardSummary } from './-components/catalogue-card-summary';

/** The page an alert mail's "see them all" links to: a saved search's new rows, in its kind's table. */
export const Route = createFileRoute('/_app/saved-searches/$id')({
  validateSearch: (raw: Record<string, unknown>): { page?: number } => {
    const page = pageNumber(raw.page);
    return page ? { page } : {};
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    const options = savedSearchesQueryOptions();
    const known = (searches: { id: string }[]) => searches.some((saved) => saved.id === params.id);
    // The kept list may predate a search saved on another device: asked anew, when online, before it is not found.
    const found =
      known(await queryClient.ensureQueryData(options)) ||
      (onlineManager.isOnline() && known(await queryClient.fetchQuery({ ...options, staleTime: 0 })));
    if (!found) throw notFound();
    void queryClient.prefetchQuery(newRowsQueryOptions(params.id, deps.page));
  },
  component: SavedSearchNewRows,
});

function SavedSearchNewRows() {
  const { id } = Route.useParams();
  const page = Route.useSearch().page ?? 1;
  const saved = useShownSavedSearch(id);
  if (!saved) return <NotFound />;
  // Keyed by id: another search's page starts with its own table state.
  return saved.kind === 'investors' ? (
    <NewRowsOfKind key={id} kind={investors} saved={saved} page={page} />
  ) : (
    <NewRowsOfKind key={id} kind={funds} saved={saved} page={page} />
  );
}

/** The new rows in their kind's table (cards on a phone), scored by the founder's profile as a search's rows are; a row opens its page. */
function NewRowsOfKind<R extends CatalogueRow>({ kind, saved, page }: { kind: CatalogueKind<R>; saved: SavedSearch; page: number }) {
  const navigate = Route.useNavigate();
  const { profile } = useFitProfile();
  return (
    <NewRowsPage<R>
      saved={saved}
      page={page}
      onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })}
      columns={withFitColumn(kind.columns, profile)}
      onRowOpen={(row) => void navigate({ to: kind.detailRoute, params: { id: String(row.id) } })}
      renderCard={(row) => (
        <RowCard
          heading={
            <TextLink to={kind.detailRoute} params={{ id: String(row.id) }}>
              {kind.card.name(row)}
            </TextLink>
          }
          name={kind.card.name(row)}
          {...cardSummary(kind, row, profile)}
        />
      )}
    />
  );
}
