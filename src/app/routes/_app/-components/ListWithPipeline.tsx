// A saved list's page: the lists feature's page and table with the pipeline feature's columns, stage
// filter, board and follow-up dialog composed into it (features never import each other).
import { useState, type ReactNode } from 'react';
import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { TableColumn } from '@/components/DataGrid';
import { SearchField } from '@/components/SearchField';
import { forgetList } from '@/features/lists/api/delete-list';
import { listKeys } from '@/features/lists/api/list-keys';
import { useShownListItems } from '@/features/lists/api/use-shown-list-items';
import { itemCount } from '@/features/lists/components/item-noun';
import { ListCards, type ListCardSummary } from '@/features/lists/components/ListCards';
import { ListTable } from '@/features/lists/components/ListTable';
import { ListView } from '@/features/lists/components/ListView';
import { csvFileName, downloadCsv, toCsv } from '@/features/lists/csv';
import type { ListViewMode } from '@/features/lists/list-view-mode';
import { ChangeStageMenu } from '@/features/pipeline/components/ChangeStageMenu';
import { FollowUpAmountDialog } from '@/features/pipeline/components/FollowUpAmountDialog';
import { NothingAtStage } from '@/features/pipeline/components/NothingAtStage';
import { PipelineBoard } from '@/features/pipeline/components/PipelineBoard';
import { PipelineCardFacts } from '@/features/pipeline/components/PipelineCardFacts';
import { StageFilter } from '@/features/pipeline/components/StageFilter';
import { useListPipeline } from '@/features/pipeline/use-list-pipeline';
import { useMe } from '@/features/profile/api/me';
import { useListEvents } from '@/features/teams/api/list-events';
import { ActivityButton } from '@/features/teams/components/ActivityButton';
import { LeaveListButton } from '@/features/teams/components/LeaveListButton';
import { ShareButton } from '@/features/teams/components/ShareButton';
import { showToast } from '@/lib/toasts';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import type { ListItem } from '@/shared/api-types';
import { PIPELINE_STAGE_LABELS, type PipelineStage } from '@/shared/pipeline';
import { canEditRows, canManageList } from '@/shared/teams';

export interface ListWithPipelineProps<R extends ListItem> {
  listId: number;
  /** The columns of the list's type (investor or fund). */
  columns: readonly TableColumn<R>[];
  /** How a row is named in messages, e.g. the investor's full name. */
  itemName: (row: R) => string;
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
  const { listId, columns, itemName, firmName, renderNameLink, renderScore, renderSummary, view, onViewChange, page, onPageChange } = props;
  const phone = usePhoneLayout();
  const { list, items, pendingIds } = useShownListItems<R>(listId);
  const readOnly = !canEditRows(list.role);
  const pipeline = useListPipeline({
    listKeys,
    listId,
    listType: list.list_type,
    items,
    pendingIds,
    itemName,
    readOnly,
    listName: list.name,
  });
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leavePage = async (message?: string) => {
    if (message) showToast(message, { variant: 'warning' });
    await navigate({ to: '/investors' });
    forgetList(queryClient, listId);
  };
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
  const selected = pipeline.rows.filter((row) => selectedIds.has(row.id) && !pendingIds.has(row.id));
  // The pipeline's columns follow the first (the name).
  const tableColumns = [...columns.slice(0, 1), ...pipeline.columns, ...columns.slice(1)];

  const exportCsv = async (rows: typeof pipeline.rows) =>
    downloadCsv(csvFileName(list.name), toCsv([...columns, ...(await pipeline.csvColumns())], rows));
  const changeSelectedStage = (stage: PipelineStage) => {
    for (const row of selected) pipeline.changeStage(row, stage);
    showToast(`Moved ${itemCount(list.list_type, selected.length)} to ${PIPELINE_STAGE_LABELS[stage]}`, { variant: 'success' });
  };
  // A new search or stage shows the cards from their first page.
  const firstPage = () => page !== 1 && onPageChange(1);

  const toolbar = (
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
          pipeline.setStage(stage);
          firstPage();
        }}
      />
    </>
  );

  return (
    <>
      <ListView
        list={list}
        count={items.length}
        pendingCount={pendingIds.size}
        view={view}
        onViewChange={onViewChange}
        onExport={() => void exportCsv(pipeline.rows)}
        toolbar={toolbar}
        teamActions={
          canManageList(list.role) ? (
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
          )
        }
        table={
          phone ? (
            <ListCards
              list={list}
              rows={matching(pipeline.stageRows, tableColumns, term)}
              pendingIds={pendingIds}
              itemName={itemName}
              renderNameLink={renderNameLink}
              renderSummary={renderSummary}
              renderPipeline={(row) => (
                <PipelineCardFacts row={row} name={itemName(row)} onStageChange={pipeline.changeStage} onEdit={pipeline.edit} readOnly={readOnly} />
              )}
              toolbar={toolbar}
              page={page}
              onPageChange={onPageChange}
              selected={selected}
              onSelectionChange={setSelectedIds}
              selectionActions={
                <>
                  <Button size="small" variant="outlined" onClick={() => void exportCsv(selected)}>
                    Export CSV
                  </Button>
                  <ChangeStageMenu onChange={changeSelectedStage} />
                </>
              }
              term={term}
              noRows={pipeline.stage === 'all' ? undefined : <NothingAtStage stage={pipeline.stage} />}
            />
          ) : (
            <ListTable
              list={list}
              rows={pipeline.stageRows}
              pendingIds={pendingIds}
              columns={tableColumns}
              itemName={itemName}
              term={term}
              toolbar={toolbar}
              noRows={pipeline.stage === 'all' ? undefined : <NothingAtStage stage={pipeline.stage} />}
            />
          )
        }
        board={
          <PipelineBoard
            rows={matching(pipeline.stageRows, tableColumns, term)}
            itemName={itemName}
            firmName={firmName}
            renderNameLink={renderNameLink}
            renderScore={renderScore}
            onStageChange={pipeline.changeStage}
            onEdit={pipeline.edit}
            readOnly={readOnly}
            renderCardAction={(row) => (
              <ActivityButton listKeys={listKeys} row={{ listId, listType: list.list_type, itemId: row.id }} name={itemName(row)} />
            )}
          />
        }
      />
      <FollowUpAmountDialog {...pipeline.dialog} />
    </>
  );
}
