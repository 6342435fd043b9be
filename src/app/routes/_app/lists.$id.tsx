import { createFileRoute, notFound } from '@tanstack/react-router';
import { apiStatus } from '@/lib/api-client';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { funds } from '@/features/catalogue/kinds/funds';
import { investors } from '@/features/catalogue/kinds/investors';
import { listQueryOptions, useList } from '@/features/lists/api/get-list';
import { listItemsQueryOptions } from '@/features/lists/api/get-list-items';
import { withFitColumn } from '@/features/catalogue/kinds/fit-column';
import { useFitProfile } from '@/features/startup/api/use-startup-view';
import { FitScore } from '@/components/FitScore';
import { listViewMode } from '@/features/lists/list-view-mode';
import { formatName, formatText } from '@/lib/format';
import type { Fund, Investor, ListItem, ListItemOf } from '@/shared/api-types';
import { ListWithPipeline, type ListWithPipelineProps } from './-components/ListWithPipeline';
import { positiveId } from './-components/positive-id';

export const Route = createFileRoute('/_app/lists/$id')({
  // ?view=board shows the board; anything else is the table.
  validateSearch: (search: Record<string, unknown>): { view?: 'board' } => {
    const view = listViewMode(search.view);
    return view ? { view } : {};
  },
  loader: async ({ context: { queryClient }, params }) => {
    const id = positiveId(params.id);
    if (id === null) throw notFound();
    try {
      await Promise.all([
        queryClient.ensureQueryData(listQueryOptions(id)),
        queryClient.ensureQueryData(listItemsQueryOptions(id)),
      ]);
    } catch (error) {
      if (apiStatus(error) === 404) throw notFound();
      throw error;
    }
  },
  component: ListPage,
});

const investorName = (row: Investor) => formatName(row.first_name, row.last_name);
const fundName = (row: Fund) => formatText(row.firm_name);

function ListPage() {
  const listId = Number(Route.useParams().id);
  // Compared, not trusted: the router keeps an unknown view in the search it hands on.
  const view = Route.useSearch().view === 'board' ? 'board' : 'table';
  const navigate = Route.useNavigate();
  const { data: list } = useList(listId);
  const { profile } = useFitProfile();
  const renderScore = (row: ListItem) => (row.fit && profile ? <FitScore fit={row.fit} profile={profile} /> : null);
  const viewProps: Pick<ListWithPipelineProps<ListItem>, 'view' | 'onViewChange' | 'renderScore'> = {
    renderScore,
    view,
    onViewChange: (next: 'table' | 'board') => void navigate({ search: next === 'board' ? { view: 'board' } : {}, replace: true }),
  };
  // Keyed by id: another list's page starts with its own search, dialogs and table state.
  return list.list_type === 'investor' ? (
    <ListWithPipeline<ListItemOf<Investor>>
      key={listId}
      listId={listId}
      columns={withFitColumn(investors.columns, profile)}
      itemName={investorName}
      firmName={(row) => formatText(row.firm_name)}
      renderNameLink={(row) => (
        <TextLink to="/investor/$id" params={{ id: String(row.id) }} underline="hover" color="inherit">
          {investorName(row)}
        </TextLink>
      )}
      {...viewProps}
    />
  ) : (
    <ListWithPipeline<ListItemOf<Fund>>
      key={listId}
      listId={listId}
      columns={withFitColumn(funds.columns, profile)}
      itemName={fundName}
      firmName={(row) => formatText(row.firm_type)}
      renderNameLink={(row) => (
        <TextLink to="/fund/$id" params={{ id: String(row.id) }} underline="hover" color="inherit">
          {fundName(row)}
        </TextLink>
      )}
      {...viewProps}
    />
  );
}
