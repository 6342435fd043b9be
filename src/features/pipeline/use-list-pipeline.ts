// The pipeline of a list's rows on the list page: each row's pipeline with the queued changes laid
// over it, the stage filter, the table's pipeline columns, moves on the board, the follow-up and
// amount dialog, and the pipeline's columns of the CSV export.
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TableColumn } from '@/components/DataGrid';
import { usePendingChanges } from '@/features/offline';
import type { ListItem, ListType } from '@/shared/api-types';
import type { PipelineNote, PipelineStage } from '@/shared/pipeline';
import { useChangePipeline } from './api/change-pipeline';
import type { ListKeys } from './api/list-keys';
import { notesQueryOptions } from './api/notes';
import type { FollowUpAmountDialogProps } from './components/FollowUpAmountDialog';
import { pipelineColumns, type PipelineRow } from './components/pipeline-columns';
import { shownNotes, shownPipeline, type ShownNote } from './pending-pipeline';
import { pipelineCsvColumns } from './pipeline-csv-columns';

/** A row as the page shows it: with its pipeline, pending changes laid over. */
export type ShownRow<R> = R & PipelineRow & { pendingNotes: ShownNote[] };

export interface ListPipelineOptions<R extends ListItem> {
  listKeys: ListKeys;
  listId: number;
  listType: ListType;
  items: readonly R[];
  /** Rows the server does not have yet (added offline): they have no notes there. */
  pendingIds: ReadonlySet<number>;
  /** How a row is named in labels, e.g. the investor's full name. */
  itemName: (row: R) => string;
  /** A viewer's list: the columns show values only. */
  readOnly?: boolean;
  /** The list's name, kept with each queued change so a refusal can name it. */
  listName: string;
}

export function useListPipeline<R extends ListItem>({
  listKeys,
  listId,
  listType,
  items,
  pendingIds,
  itemName,
  readOnly,
  listName,
}: ListPipelineOptions<R>) {
  // Stage, follow-up and amount changes and notes made offline show at once, marked pending.
  const outbox = usePendingChanges();
  const rows = useMemo(
    () =>
      items.map((item): ShownRow<R> => {
        const shown = shownPipeline(item.pipeline, outbox, { listId, listType, itemId: item.id });
        return {
          ...item,
          pipeline: shown.pipeline,
          pendingFields: shown.pendingFields,
          pendingNotes: shown.pendingNotes,
        } as unknown as ShownRow<R>;
      }),
    [items, outbox, listId, listType],
  );
  const [stage, setStage] = useState<PipelineStage | 'all'>('all');
  const stageRows = useMemo(() => (stage === 'all' ? rows : rows.filter((row) => row.pipeline.stage === stage)), [rows, stage]);
  const changePipeline = useChangePipeline();
  const [editing, setEditing] = useState<ShownRow<R> | null>(null);
  const queryClient = useQueryClient();
  const rowRef = (row: R) => ({ listId, listType, itemId: row.id, names: { row: itemName(row), list: listName } });
  const changeStage = (row: R, next: PipelineStage) => changePipeline.mutate({ row: rowRef(row), patch: { stage: next } });

  /** The CSV carries every note of each row, newest first; a row's notes not readable now fall back to its latest. */
  const csvColumns = async (): Promise<TableColumn<ShownRow<R>>[]> => {
    const notes = new Map<number, PipelineNote[]>();
    await Promise.all(
      rows.map(async (row) => {
        let saved: PipelineNote[] = [];
        if (!pendingIds.has(row.id) && row.pipeline.note_count > row.pendingNotes.length) {
          try {
            saved = await queryClient.fetchQuery(notesQueryOptions(listKeys, rowRef(row)));
          } catch {
            saved = row.pipeline.latest_note && row.pendingNotes.length === 0 ? [row.pipeline.latest_note] : [];
          }
        }
        notes.set(row.id, shownNotes(saved, row.pendingNotes));
      }),
    );
    return pipelineCsvColumns<ShownRow<R>>((row) => notes.get(row.id) ?? []);
  };

  const dialog: FollowUpAmountDialogProps = {
    name: editing ? itemName(editing) : null,
    pipeline: editing?.pipeline ?? null,
    onClose: () => setEditing(null),
    onSave: (patch) => editing && changePipeline.mutate({ row: rowRef(editing), patch }),
  };

  return {
    /** Every row, with its pipeline. */
    rows,
    /** The rows at the stage the filter picks. */
    stageRows,
    stage,
    setStage,
    changeStage,
    edit: setEditing,
    columns: pipelineColumns<ShownRow<R>>({ itemName, onStageChange: changeStage, onEdit: setEditing, readOnly }),
    dialog,
    csvColumns,
  };
}
