import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFound } from '@/components/NotFound/NotFound';
import { pageNumber } from '@/lib/search-params';
import { withFitColumn } from '@/features/catalogue/kinds/fit-column';
import { funds } from '@/features/catalogue/kinds/funds';
import { investors } from '@/features/catalogue/kinds/investors';
import { newRowsQueryOptions } from '@/features/saved-searches/api/get-new-rows';
import { savedSearchesQueryOptions } from '@/features/saved-searches/api/get-saved-searches';
import { useShownSavedSearch } from '@/features/saved-searches/api/use-shown-saved-searches';
import { NewRowsPage } from '@/features/saved-searches/components/NewRowsPage';
import { useFitProfile } from '@/features/startup/api/use-startup-view';
import type { Fund, Investor } from '@/shared/api-types';

/** The page an alert mail's "see them all" links to: a saved search's new rows, in its kind's table. */
export const Route = createFileRoute('/_app/saved-searches/$id')({
  validateSearch: (raw: Record<string, unknown>): { page?: number } => {
    const page = pageNumber(raw.page);
    return page ? { page } : {};
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    const known = (searches: { id: string }[]) => searches.some((saved) => saved.id === params.id);
    // The kept list may predate a search saved on another device: asked again before it is not found.
    if (!known(await queryClient.ensureQueryData(savedSearchesQueryOptions())) && !known(await queryClient.fetchQuery(savedSearchesQueryOptions()))) {
      throw notFound();
    }
    void queryClient.prefetchQuery(newRowsQueryOptions(params.id, deps.page));
  },
  component: SavedSearchNewRows,
});

function SavedSearchNewRows() {
  const { id } = Route.useParams();
  const page = Route.useSearch().page ?? 1;
  const navigate = Route.useNavigate();
  const saved = useShownSavedSearch(id);
  // The server scores the new rows by the founder's profile, as a search does.
  const { profile } = useFitProfile();
  if (!saved) return <NotFound />;
  const onPageChange = (next: number) => void navigate({ search: next > 1 ? { page: next } : {} });
  // Keyed by id: another search's page starts with its own table state.
  return saved.kind === 'investors' ? (
    <NewRowsPage<Investor>
      key={id}
      saved={saved}
      page={page}
      onPageChange={onPageChange}
      columns={withFitColumn(investors.columns, profile)}
      onRowOpen={(row) => void navigate({ to: investors.detailRoute, params: { id: String(row.id) } })}
    />
  ) : (
    <NewRowsPage<Fund>
      key={id}
      saved={saved}
      page={page}
      onPageChange={onPageChange}
      columns={withFitColumn(funds.columns, profile)}
      onRowOpen={(row) => void navigate({ to: funds.detailRoute, params: { id: String(row.id) } })}
    />
  );
}
