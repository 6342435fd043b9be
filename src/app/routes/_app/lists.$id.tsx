import { createFileRoute, notFound } from '@tanstack/react-router';
import { apiStatus } from '@/lib/api-client';
import { funds } from '@/features/catalogue/kinds/funds';
import { investors } from '@/features/catalogue/kinds/investors';
import { listQueryOptions, useList } from '@/features/lists/api/get-list';
import { listItemsQueryOptions } from '@/features/lists/api/get-list-items';
import { ListView } from '@/features/lists/components/ListView';
import { formatName, formatText } from '@/lib/format';
import type { Fund, Investor } from '@/shared/api-types';
import { positiveId } from './-components/positive-id';

export const Route = createFileRoute('/_app/lists/$id')({
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

function ListPage() {
  const listId = Number(Route.useParams().id);
  const { data: list } = useList(listId);
  // Keyed by id: another list's page starts with its own search, dialogs and table state.
  return list.list_type === 'investor' ? (
    <ListView<Investor>
      key={listId}
      listId={listId}
      columns={investors.columns}
      itemName={(row) => formatName(row.first_name, row.last_name)}
    />
  ) : (
    <ListView<Fund> key={listId} listId={listId} columns={funds.columns} itemName={(row) => formatText(row.firm_name)} />
  );
}
