// A saved list's page: the lists feature's page and table with the pipeline feature's columns, stage
// filter, board and follow-up dialog composed into it (features never import each other).
import { useState, type ReactNode } from 'react';
import type { TableColumn } from '@/components/DataGrid';
import { SearchField } from '@/components/SearchField';
import { listKeys } from '@/features/lists/api/list-keys';
import { useShownListItems } from '@/features/lists/api/use-shown-list-items';
import { ListTable } from '@/features/lists/components/ListTable';
import { ListView } from '@/features/lists/components/ListView';
import { csvFileName, downloadCsv, toCsv } from '@/features/lists/csv';
import type { ListViewMode } from '@/features/lists/list-view-mode';
import { FollowUpAmountDialog } from '@/features/pipeline/components/FollowUpAmountDialog';
import { NothingAtStage } from '@/features/pipeline/components/NothingAtStage';
import { PipelineBoard } from '@/features/pipeline/components/PipelineBoard';
import { StageFilter } from '@/features/pipeline/components/StageFilter';
import { useListPipeline } from '@/features/pipeline/use-list-pipeline';
import type { ListItem } from '@/shared/api-types';

export interface ListWithPipelineProps<R extends ListItem> {
  listId: number;
  /** The columns of the list's type (investor or fund). */
  columns: readonly TableColumn<R>[];
  /** How a row is named in messages, e.g. the investor's full name. */
  itemName: (row: R) => string;
  /** The firm shown under the name on a board card. */
  firmName: (row: R) => string;
  /** The row's name as a link to its detail page (on a board card). */
  renderNameLink: (row: R) => ReactNode;
  /** The row's fit score on a board card, when the founder has a profile (the table has it as a column). */
  renderScore?: (row: R) => ReactNode;
  view: ListViewMode;
  onViewChange: (view: ListViewMode) => void;
}

/** The board has no grid to search with: each word of the search must be in one of the row's columns. */
function matching<R>(rows: readonly R[], columns: readonly TableColumn<R>[], term: string): readonly R[] {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const text = columns.map((column) => column.text(row)).join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

export function ListWithPipeline<R extends ListItem>(props: ListWithPipelineProps<R>) {
  const { listId, columns, itemName, firmName, renderNameLink, renderScore, view, onViewChange } = props;
  const { list, items, pendingIds } = useShownListItems<R>(listId);
  const pipeline = useListPipeline({ listKeys, listId, listType: list.list_type, items, pendingIds, itemName });
  const [term, setTerm] = useState('');
  // The pipeline's columns follow the first (the name).
  const tableColumns = [...columns.slice(0, 1), ...pipeline.columns, ...columns.slice(1)];

  const exportCsv = async () =>
    downloadCsv(csvFileName(list.name), toCsv([...columns, ...(await pipeline.csvColumns())], pipeline.rows));

  const toolbar = (
    <>
      <SearchField label="Search this list" placeholder="Search this list" value={term} onCommit={setTerm} sx={{ width: { xs: '100%', md: 380 } }} />
      <StageFilter value={pipeline.stage} onChange={pipeline.setStage} />
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
        onExport={() => void exportCsv()}
        toolbar={toolbar}
        table={
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
          />
        }
      />
      <FollowUpAmountDialog {...pipeline.dialog} />
    </>
  );
}
