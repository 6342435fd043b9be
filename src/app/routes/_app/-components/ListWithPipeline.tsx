// A saved list's page: the lists feature's page and table with the pipeline feature's columns, stage
// filter, board and follow-up dialog composed into it (features never import each other).
import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Chip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { TableColumn } from '@/components/DataGrid';
import { SearchField } from '@/components/SearchField';
import { AddContactButton, type AddContactButtonProps } from '@/features/contacts/components/AddContactButton';
import { CaptureAddressHint } from '@/features/capture/components/CaptureAddressHint';
import { nameColumnIndex } from '@/features/catalogue/kinds/fit-column';
import type { ShareDeckRow } from '@/features/decks';
import { ImportButton } from '@/features/contacts/components/ImportButton';
import { UndoImportBanner } from '@/features/contacts/components/UndoImportBanner';
import { useAddNewRowToList } from '@/features/lists/api/add-to-list';
import { forgetList } from '@/features/lists/api/delete-list';
import { isDraftRow } from '@/features/lists/api/list-outbox';
import { listKeys } from '@/features/lists/api/list-keys';
import { useShownListItems } from '@/features/lists/api/use-shown-list-items';
import { itemCount } from '@/features/lists/components/item-noun';
import { ListCards, type ListCardSummary } from '@/features/lists/components/ListCards';
import { ListTable } from '@/features/lists/components/ListTable';
import { ListView } from '@/features/lists/components/ListView';
import { csvFileName, downloadCsv, toCsv } from '@/features/lists/csv';
import type { ListViewMode } from '@/features/lists/list-view-mode';
import { StageMenuButton } from '@/features/pipeline/components/StageMenuButton';
import { FollowUpAmountDialog } from '@/features/pipeline/components/FollowUpAmountDialog';
import { LazyLogTouchDialog } from '@/features/pipeline/components/LazyLogTouchDialog';
import { NothingAtStage } from '@/features/pipeline/components/NothingAtStage';
import { LazyPipelineBoard } from '@/features/pipeline/components/LazyPipelineBoard';
import { PipelineCardFacts } from '@/features/pipeline/components/PipelineCardFacts';
import { ShareDeckButton } from '@/features/pipeline/components/ShareDeckButton';
import { StageFilter } from '@/features/pipeline/components/StageFilter';
import { useListPipeline, type ShownRow } from '@/features/pipeline/use-list-pipeline';
import { useRoundRows } from '@/features/round/api/get-round-rows';
import { NothingBehindFigure } from '@/features/round/components/NothingBehindFigure';
import { browserTimeZone, figureChipText, figureOfTypeLabel } from '@/features/round/round-figures';
import { useMe } from '@/features/profile/api/me';
import { useListEvents } from '@/features/teams/api/list-events';
import { ActivityButton } from '@/features/teams/components/ActivityButton';
import { LeaveListButton } from '@/features/teams/components/LeaveListButton';
import { ShareButton } from '@/features/teams/components/ShareButton';
import { showToast } from '@/lib/toasts';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import type { ListItem } from '@/shared/api-types';
import { PIPELINE_STAGE_LABELS, type PipelineStage } from '@/shared/pipeline';
import { lazyComponent } from '@/features/offline';
import { canEditRows, canManageList } from '@/shared/teams';
import type { RoundFigure } from '@/shared/round-summary';

// Deck links load when a row's are first opened, not with the list page.
const ShareDeckDialog = lazyComponent(() => import('@/features/decks/components/ShareDeckDialog').then((module) => ({ default: module.ShareDeckDialog })));

export interface ListWithPipelineProps<R extends ListItem> {
  listId: number;
  /** The columns of the list's type (investor or fund). */
  columns: readonly TableColumn<R>[];
  /** How a row is named in messages, e.g. the investor's full name. */
  itemName: (row: R) => string;
  /** The row's e-mail, to prefill a deck link's gate (the kind's, when it has one). */
  email?: (row: R) => string | null;
  /** The firm shown under the name on a board card. */
  firmName: (row: R) => string;
  /** The row's name as a link to its detail page (on a board card and a phone's card). */
  renderNameLink: (row: R) => ReactNode;
  /** The row's fit score on a board card, when the founder has a profile (the table has it as a column). */
  renderScore?: (row: R) => ReactNode;
  /** What a phone's card says of the investor or fund (the catalogue kind's part of it). */
  renderSummary: (row: R) => ListCardSummary;
  view: ListViewMode;
  onViewChange: (view: ListViewMode) => void;
  /** The 1-based page of a phone's cards (the grid pages its rows itself). */
  page: number;
  onPageChange: (page: number) => void;
  /** A figure of the Round page (?figure=): only the rows behind it are shown, under a chip that removes it. */
  figure?: { figure: RoundFigure; type?: string; coldDays: number; onRemove: () => void; row?: number };
}

const tz = browserTimeZone();

/** The ids of the rows behind a Round figure on an investor list; null while unknown (or without a figure). */
function useFigureRows(listId: number, figure: ListWithPipelineProps<ListItem>['figure'], investorList: boolean) {
  const rows = useRoundRows(figure && investorList ? { listId, figure: figure.figure, type: figure.type, coldDays: figure.coldDays, tz } : null);
  const ids = useMemo(() => (rows.data ? new Set(rows.data.investor_ids) : null), [rows.data]);
  const chip = useMemo(() => {
    if (!figure || !investorList) return null;
    const label = ids
      ? figureChipText(figure.figure, ids.size, figure.type)
      : `${figureOfTypeLabel(figure.figure, figure.type)} · ${rows.isError ? (navigator.onLine ? 'could not be read' : 'not available offline') : 'counting…'}`;
    return <Chip label={label} color="primary" variant="outlined" onClick={figure.onRemove} onDelete={figure.onRemove} aria-label={`${label}. Remove this filter`} />;
  }, [figure, investorList, ids, rows.isError]);
  // Until the rows are known none is shown; if they cannot be read, all are, under a chip that says so.
  const filter = useCallback(
    <R extends ListItem>(shown: readonly R[]): readonly R[] =>
      !figure || !investorList || rows.isError ? shown : ids ? shown.filter((row) => ids.has(row.id)) : [],
    [figure, investorList, rows.isError, ids],
  );
  return { chip, filter, pending: figure !== undefined && investorList && ids === null && !rows.isError };
}

/** The row a Round panel opened the list at: scrolled to once drawn (the grid's row or a phone's card), and outlined. */
function useFocusedRow(rowId: number | undefined, shown: unknown) {
  useEffect(() => {
    if (rowId === undefined) return;
    let frame = 0;
    let tries = 0;
    const find = () => {
      const element = document.querySelector(`[role="row"][data-id="${rowId}"], [data-row-key="${rowId}"]`);
      if (element) element.scrollIntoView({ block: 'center' });
      else if (++tries < 60) frame = requestAnimationFrame(find);
    };
    frame = requestAnimationFrame(find);
    return () => cancelAnimationFrame(frame);
  }, [rowId, shown]);
  return useMemo(
    () =>
      rowId === undefined
        ? undefined
        : { [`& [role="row"][data-id="${rowId}"], & [data-row-key="${rowId}"] > *`]: { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' } },
    [rowId],
  );
}

/** The board has no grid to search with: each word of the search must be in one of the row's columns. */
function matching<R>(rows: readonly R[], columns: readonly TableColumn<R>[], term: string): readonly R[] {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const text = columns
      .map((column) => column.text(row))
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

export function ListWithPipeline<R extends ListItem>(props: ListWithPipelineProps<R>) {
  const { listId, columns, itemName, firmName, email, renderNameLink, renderScore, renderSummary, view, onViewChange, page, onPageChange, figure } = props;
  const phone = usePhoneLayout();
  const { list, items, pendingIds } = useShownListItems<R>(listId);
  const readOnly = !canEditRows(list.role);
  const [sharingDeck, setSharingDeck] = useState<ShareDeckRow | null>(null);
  const shareDeck = useMemo(
    () =>
      list.list_type === 'investor'
        ? (row: R) => setSharingDeck({ listId, investorId: row.id, name: itemName(row), email: email?.(row) ?? null })
        : undefined,
    [list.list_type, listId, itemName, email],
  );
  const pipeline = useListPipeline({
    listKeys,
    listId,
    listType: list.list_type,
    items,
    pendingIds,
    itemName,
    readOnly,
    listName: list.name,
    onShareDeck: shareDeck,
  });
  const { changeStage, edit, logTouch, setStage, csvColumns } = pipeline;
  const { chip: figureChip, filter: filterByFigure, pending: figurePending } = useFigureRows(listId, figure, list.list_type === 'investor');
  const stageRows = useMemo(() => filterByFigure(pipeline.stageRows), [filterByFigure, pipeline.stageRows]);
  const focusedRowSx = useFocusedRow(figure?.row, stageRows);
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leavePage = useCallback(
    async (message?: string) => {
      if (message) showToast(message, { variant: 'warning' });
      await navigate({ to: '/investors' });
      forgetList(queryClient, listId);
    },
    [navigate, queryClient, listId],
  );
  // Co-founders' changes show within seconds; a member removed meanwhile is taken off the page.
  useListEvents({
    listKeys,
    listId,
    userId: me.id,
    onAccessLost: (reason) =>
      void leavePage(
        reason === 'removed'
          ? `You no longer have access to ${list.name}`
          : list.role === 'owner'
            ? `${list.name} was deleted`
            : `${list.name} was deleted by its owner`,
      ),
  });
  const [term, setTerm] = useState('');
  // A phone's selection; kept while the window crosses the breakpoint and back.
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const selected = useMemo(
    () => pipeline.rows.filter((row) => selectedIds.has(row.id) && !pendingIds.has(row.id)),
    [pipeline.rows, selectedIds, pendingIds],
  );
  // The pipeline's columns follow the row's name (after Fit, when the founder's profile shows it).
  const tableColumns = useMemo(() => {
    const afterName = nameColumnIndex(columns) + 1;
    return [...columns.slice(0, afterName), ...pipeline.columns, ...columns.slice(afterName)];
  }, [columns, pipeline.columns]);

  // What the page renders is made again only when what it shows changes: the outbox read after the first
  // paint, the member list or the activity arriving redraw none of the rows, and a row changed redraws that row.
  const exportCsv = useCallback(
    async (rows: readonly ShownRow<R>[]) => downloadCsv(csvFileName(list.name), toCsv([...columns, ...(await csvColumns())], rows)),
    [list.name, columns, csvColumns],
  );
  const onExport = useCallback(() => void exportCsv(pipeline.rows), [exportCsv, pipeline.rows]);
  const changeSelectedStage = useCallback(
    (stage: PipelineStage) => {
      for (const row of selected) changeStage(row, stage);
      showToast(`Moved ${itemCount(list.list_type, selected.length)} to ${PIPELINE_STAGE_LABELS[stage]}`, { variant: 'success' });
    },
    [selected, changeStage, list.list_type],
  );
  // A new search or stage shows the cards from their first page.
  const firstPage = useCallback(() => page !== 1 && onPageChange(1), [page, onPageChange]);

  const toolbar = useMemo(
    () => (
      <>
        <SearchField
          label="Search this list"
          placeholder="Search this list"
          value={term}
          onCommit={(next) => {
            setTerm(next);
            firstPage();
          }}
          sx={{ width: { xs: '100%', md: 380 } }}
        />
        <StageFilter
          value={pipeline.stage}
          onChange={(stage) => {
            setStage(stage);
            firstPage();
          }}
        />
        {figureChip}
      </>
    ),
    [term, pipeline.stage, setStage, firstPage, figureChip],
  );
  const shownFigure = list.list_type === 'investor' ? figure?.figure : undefined;
  const figureType = figure?.type;
  const noRows = useMemo(
    () =>
      pipeline.stage !== 'all' ? (
        <NothingAtStage stage={pipeline.stage} />
      ) : shownFigure ? (
        <NothingBehindFigure figure={shownFigure} type={figureType} pending={figurePending} />
      ) : undefined,
    [pipeline.stage, shownFigure, figureType, figurePending],
  );
  // The board and a phone's cards search the rows themselves (the grid has its own quick search).
  const searched = useMemo(
    () => (phone || view === 'board' ? matching(stageRows, tableColumns, term) : stageRows),
    [phone, view, stageRows, tableColumns, term],
  );
  const renderPipeline = useCallback(
    (row: ShownRow<R>) => (
      <PipelineCardFacts
        row={row}
        name={itemName(row)}
        onStageChange={changeStage}
        onEdit={edit}
        onLogTouch={logTouch}
        onShareDeck={shareDeck}
        readOnly={readOnly}
      />
    ),
    [itemName, changeStage, edit, logTouch, shareDeck, readOnly],
  );
  const selectionActions = useMemo(
    () => (
      <>
        <Button size="small" variant="outlined" onClick={() => void exportCsv(selected)}>
          Export CSV
        </Button>
        <StageMenuButton size="small" variant="outlined" onChoose={changeSelectedStage}>
          Change stage
        </StageMenuButton>
      </>
    ),
    [exportCsv, selected, changeSelectedStage],
  );

  const table = useMemo(() => {
    // What the cards and the grid are given alike.
    const both = { list, pendingIds, itemName, term, toolbar, noRows };
    return phone ? (
      <ListCards
        {...both}
        rows={searched}
        renderNameLink={renderNameLink}
        renderSummary={renderSummary}
        renderPipeline={renderPipeline}
        page={page}
        onPageChange={onPageChange}
        selected={selected}
        onSelectionChange={setSelectedIds}
        selectionActions={selectionActions}
      />
    ) : (
      <ListTable {...both} rows={stageRows} columns={tableColumns} />
    );
  }, [
    phone,
    list,
    searched,
    pendingIds,
    itemName,
    renderNameLink,
    renderSummary,
    renderPipeline,
    toolbar,
    page,
    onPageChange,
    selected,
    selectionActions,
    term,
    noRows,
    stageRows,
    tableColumns,
  ]);
  // Only the view shown is rendered: the table's page does not build the board.
  const board = useMemo(
    () =>
      view === 'board' ? (
        <LazyPipelineBoard
          rows={searched}
          itemName={itemName}
          firmName={firmName}
          renderNameLink={renderNameLink}
          renderScore={renderScore}
          onStageChange={changeStage}
          onEdit={edit}
          readOnly={readOnly}
          // A draft has no activity on the server yet.
          renderCardAction={(row) =>
            isDraftRow(row) ? null : (
              <>
                <ActivityButton listKeys={listKeys} row={{ listId, listType: list.list_type, itemId: row.id }} name={itemName(row)} />
                {shareDeck && <ShareDeckButton name={itemName(row)} onClick={() => shareDeck(row)} />}
              </>
            )
          }
        />
      ) : null,
    [view, searched, itemName, firmName, renderNameLink, renderScore, changeStage, edit, readOnly, listId, list.list_type, shareDeck],
  );
  const { mutateAsync: addNewRow } = useAddNewRowToList();
  const addContact = useCallback<AddContactButtonProps['addToList']>(
    (draft, create) => addNewRow({ listId, listType: 'investor', draft, create }),
    [listId, addNewRow],
  );
  const actions = useMemo(
    () => (
      <>
        {/* A private contact is an investor the catalogue lacks: an editor or the owner adds one by hand. */}
        {list.list_type === 'investor' && !readOnly && <AddContactButton listName={list.name} addToList={addContact} />}
        {canManageList(list.role) ? (
          <ShareButton listKeys={listKeys} listId={listId} listName={list.name} />
        ) : (
          <LeaveListButton
            listKeys={listKeys}
            listId={listId}
            listName={list.name}
            ownerName={`${list.owner.first_name} ${list.owner.last_name}`}
            userId={me.id}
            onLeft={() => leavePage()}
          />
        )}
      </>
    ),
    [list.list_type, readOnly, addContact, list.role, list.name, list.owner.first_name, list.owner.last_name, listId, me.id, leavePage],
  );
  const moreActions = useMemo(
    () => (list.list_type === 'investor' && !readOnly ? <ImportButton list={{ id: listId, name: list.name }} listKeys={listKeys} /> : null),
    [list.list_type, readOnly, listId, list.name],
  );
  // Until a row of hers is contacted, the capture address says how mail to these investors logs itself.
  const nobodyContacted = useMemo(() => pipeline.rows.every((row) => row.pipeline.last_contacted_at === null), [pipeline.rows]);
  const importNotice = useMemo(
    () =>
      list.list_type === 'investor' && !readOnly ? (
        <>
          <UndoImportBanner listId={listId} listKeys={listKeys} userId={me.id} />
          {nobodyContacted && <CaptureAddressHint sx={{ mb: 2 }} />}
        </>
      ) : null,
    [list.list_type, readOnly, listId, me.id, nobodyContacted],
  );

  return (
    <Box sx={focusedRowSx}>
      <ListView
        list={list}
        count={items.length}
        pendingCount={pendingIds.size}
        view={view}
        onViewChange={onViewChange}
        onExport={onExport}
        toolbar={toolbar}
        actions={actions}
        moreActions={moreActions}
        notice={importNotice}
        table={table}
        board={board}
      />
      <FollowUpAmountDialog {...pipeline.dialog} />
      <LazyLogTouchDialog {...pipeline.touchDialog} />
      {sharingDeck && (
        <Suspense fallback={null}>
          <ShareDeckDialog row={sharingDeck} canShare={!readOnly} onClose={() => setSharingDeck(null)} />
        </Suspense>
      )}
    </Box>
  );
}
