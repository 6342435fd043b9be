import { useCallback, useMemo, type ReactElement, type ReactNode } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import type { TableColumn } from '@/components/DataGrid';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { funds } from '@/features/catalogue/kinds/funds';
import { investors } from '@/features/catalogue/kinds/investors';
import { listQueryOptions, useList } from '@/features/lists/api/get-list';
import { listItemsQueryOptions } from '@/features/lists/api/get-list-items';
import { readListsAgainWithout } from '@/features/lists/api/get-lists';
import { isDraftRow } from '@/features/lists/api/list-outbox';
import { withFitColumn } from '@/features/catalogue/kinds/fit-column';
import { useFitProfile } from '@/features/startup/api/use-startup-view';
import { FitScore } from '@/components/FitScore';
import { listViewMode, type ListViewMode } from '@/features/lists/list-view-mode';
import { formatName, formatText } from '@/lib/format';
import { pageNumber } from '@/lib/search-params';
import { coldDaysParam, investorTypeParam, roundFigure } from '@/features/round/round-figures';
import { COLD_DAYS_DEFAULT, type RoundFigure } from '@/shared/round-summary';
import type { Fund, Investor, ListItem, ListItemOf, ListType } from '@/shared/api-types';
import type { CompleteStartupProfile } from '@/shared/fit';
import { cardSummary, type CardSummary } from './-components/catalogue-card-summary';
import { ListWithPipeline, type ListWithPipelineProps } from './-components/ListWithPipeline';
import { loadOrNotFound } from './-components/load-or-not-found';

export const Route = createFileRoute('/_app/lists/$id')({
  // ?view=board shows the board; anything else is the table. ?page is a phone's page of cards. ?figure (and
  // ?cold_days for 'cold') shows only the rows behind a figure of the Round page (?type: of investors of that type),
  // ?row the one among them it came from.
  validateSearch: (search: Record<string, unknown>): ListSearch => {
    const view = listViewMode(search.view);
    const page = pageNumber(search.page);
    const figure = roundFigure(search.figure);
    const coldDays = figure === 'cold' ? coldDaysParam(search.cold_days) : undefined;
    const type = figure ? investorTypeParam(search.type) : undefined;
    const row = figure ? rowId(search.row) : undefined;
    return {
      ...(view ? { view } : {}),
      ...(page ? { page } : {}),
      ...(figure ? { figure } : {}),
      ...(type ? { type } : {}),
      ...(coldDays ? { cold_days: coldDays } : {}),
      ...(row ? { row } : {}),
    };
  },
  loader: ({ context: { queryClient }, params }) =>
    loadOrNotFound(params.id, async (id) => {
      await Promise.all([queryClient.ensureQueryData(listQueryOptions(id)), queryClient.ensureQueryData(listItemsQueryOptions(id))]);
      readListsAgainWithout(queryClient, id);
    }),
  component: ListPage,
});

interface ListSearch {
  view?: 'board';
  page?: number;
  figure?: RoundFigure;
  type?: string;
  cold_days?: number;
  row?: number;
}

/** A row's id from the URL: a positive whole number, else undefined. */
function rowId(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** What an investor list's page and a fund list's page differ in. */
interface ListKind<R extends ListItem> {
  columns: readonly TableColumn<R>[];
  itemName: (row: R) => string;
  firmName: (row: R) => string;
  /** The row's e-mail, when the kind has one. */
  email?: (row: R) => string | null;
  detailRoute: '/investor/$id' | '/fund/$id';
  /** Beside the name: the kind's mark (a private contact's badge). */
  nameMark?: (row: R) => ReactNode;
  /** What a phone's card says of the row. */
  summary: (row: R, profile: CompleteStartupProfile | null) => CardSummary;
}

type ListKindProps = Pick<ListWithPipelineProps<ListItem>, 'listId' | 'view' | 'onViewChange' | 'renderScore' | 'page' | 'onPageChange' | 'figure'> & {
  profile: CompleteStartupProfile | null;
};

function listKind<R extends ListItem>({ columns, itemName, firmName, email, detailRoute, nameMark, summary }: ListKind<R>) {
  // A draft (a contact added offline, not on the server yet) has no page until it lands: its name is plain text.
  const renderNameLink = (row: R) => (
    <>
      {isDraftRow(row) ? (
        itemName(row)
      ) : (
        <TextLink to={detailRoute} params={{ id: String(row.id) }} underline="hover" color="inherit">
          {itemName(row)}
        </TextLink>
      )}
      {nameMark?.(row)}
    </>
  );
  return function ListOfKind({ listId, profile, ...viewProps }: ListKindProps): ReactElement {
    // Made again only with another profile: the table and the cards redraw every row when these change.
    const shownColumns = useMemo(() => withFitColumn(columns, profile), [profile]);
    const renderSummary = useCallback((row: R) => summary(row, profile), [profile]);
    return (
      // Keyed by id: another list's page starts with its own search, dialogs and table state.
      <ListWithPipeline<R>
        key={listId}
        listId={listId}
        columns={shownColumns}
        itemName={itemName}
        firmName={firmName}
        email={email}
        renderSummary={renderSummary}
        renderNameLink={renderNameLink}
        {...viewProps}
      />
    );
  };
}

const listKinds: Record<ListType, (props: ListKindProps) => ReactElement> = {
  investor: listKind<ListItemOf<Investor>>({
    columns: investors.columns,
    itemName: (row) => formatName(row.first_name, row.last_name),
    firmName: (row) => formatText(row.firm_name),
    email: investors.email,
    detailRoute: '/investor/$id',
    nameMark: investors.nameMark,
    summary: (row, profile) => cardSummary(investors, row, profile),
  }),
  fund: listKind<ListItemOf<Fund>>({
    columns: funds.columns,
    itemName: (row) => formatText(row.firm_name),
    firmName: (row) => formatText(row.firm_type),
    detailRoute: '/fund/$id',
    summary: (row, profile) => cardSummary(funds, row, profile),
  }),
};

function ListPage() {
  const listId = Number(Route.useParams().id);
  // Compared, not trusted: the router keeps an unknown view in the search it hands on.
  const search = Route.useSearch();
  const view = search.view === 'board' ? 'board' : 'table';
  const navigate = Route.useNavigate();
  const { data: list } = useList(listId);
  const { profile } = useFitProfile();
  const onViewChange = useCallback(
    (next: ListViewMode) => void navigate({ search: (prev) => ({ figure: prev.figure, type: prev.type, cold_days: prev.cold_days, ...(next === 'board' ? { view: 'board' } : {}) }), replace: true }),
    [navigate],
  );
  const figure = useMemo(
    () =>
      search.figure
        ? {
            figure: search.figure,
            type: search.type,
            coldDays: search.cold_days ?? COLD_DAYS_DEFAULT,
            row: search.row,
            onRemove: () =>
              void navigate({ search: (prev) => ({ ...prev, figure: undefined, type: undefined, cold_days: undefined, row: undefined, page: undefined }), replace: true }),
          }
        : undefined,
    [search.figure, search.type, search.cold_days, search.row, navigate],
  );
  const onPageChange = useCallback(
    (page: number) => void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) }),
    [navigate],
  );
  const renderScore = useCallback((row: ListItem) => (row.fit && profile ? <FitScore fit={row.fit} profile={profile} /> : null), [profile]);
  const ListOfKind = listKinds[list.list_type];
  return (
    <ListOfKind
      listId={listId}
      profile={profile}
      view={view}
      onViewChange={onViewChange}
      page={search.page ?? 1}
      onPageChange={onPageChange}
      renderScore={renderScore}
      figure={figure}
    />
  );
}
