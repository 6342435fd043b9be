// The pipeline of a list's rows on the list page: each row's pipeline with the queued changes laid
// over it, the stage filter, the table's pipeline columns, moves on the board, the follow-up and
// amount dialog, the Log a touch dialog, and the pipeline's columns of the CSV export.
import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TableColumn } from '@/components/DataGrid';
import { usePendingChanges, type OutboxRow } from '@/features/offline';
import { showToast } from '@/lib/toasts';
import type { ListItem, ListType } from '@/shared/api-types';
import type { PipelineNote, PipelineStage } from '@/shared/pipeline';
import { useChangePipeline } from './api/change-pipeline';
import type { ListKeys } from './api/list-keys';
import { notesQueryOptions } from './api/notes';
import { isNote, isPipelineChange, isTouch } from './api/pipeline-outbox';
import type { FollowUpAmountDialogProps } from './components/FollowUpAmountDialog';
import type { LazyLogTouchDialogProps } from './components/LazyLogTouchDialog';
import { pipelineColumns, type PipelineRow } from './components/pipeline-columns';
import { shownNotes, shownPipeline, type ShownNote, type ShownTouch } from './pending-pipeline';
import { pipelineCsvColumns } from './pipeline-csv-columns';

/** A row as the page shows it: with its pipeline, pending changes laid over. */
export type ShownRow<R> = R & PipelineRow & { pendingNotes: ShownNote[]; pendingTouches: ShownTouch[] };

export interface ListPipelineOptions<R extends ListItem> {
  listKeys: ListKeys;
  listId: number;
  listType: ListType;
  items: readonly R[];
  /** Rows the server does not have yet (added offline): they have no notes there, and their pipeline cannot change yet. */
  pendingIds: ReadonlySet<number>;
  /** How a row is named in labels, e.g. the investor's full name. */
  itemName: (row: R) => string;
  /** A viewer's list: the columns show values only. */
  readOnly?: boolean;
  /** The list's name, kept with each queued change so a refusal can name it. */
  listName: string;
  /** Opens a row's deck links: the table then has a Deck column (an investor list's). */
  onShareDeck?: (row: ShownRow<R>) => void;
}

const NOTHING_QUEUED: readonly OutboxRow[] = [];

export function useListPipeline<R extends ListItem>({
  listKeys,
  listId,
  listType,
  items,
  pendingIds,
  itemName,
  readOnly,
  listName,
  onShareDeck,
}: ListPipelineOptions<R>) {
  // Stage, follow-up and amount changes, notes and touches made offline show at once, marked pending.
  const outbox = usePendingChanges();
  // The queued changes and notes about this list: one empty array while there are none (most days), so
  // the outbox read after the first paint, or a change queued for another list, leaves the rows as they were.
  const queued = useMemo(() => {
    const about = outbox.filter(
      (row) => (isPipelineChange(row) || isNote(row) || isTouch(row)) && row.payload.listId === listId && row.payload.listType === listType,
    );
    return about.length === 0 ? NOTHING_QUEUED : about;
  }, [outbox, listId, listType]);
  // A row with nothing queued is the same object from one outbox to the next: the page redraws only the rows that changed.
  const [settledRows] = useState(() => new WeakMap<R, ShownRow<R>>());
  const rows = useMemo(
    () =>
      items.map((item): ShownRow<R> => {
        const settled = settledRows.get(item);
        if (settled && queued === NOTHING_QUEUED) return settled;
        const shown = shownPipeline(item.pipeline, queued, { listId, listType, itemId: item.id });
        const nothingPending = shown.pendingFields.size === 0 && shown.pendingNotes.length === 0 && shown.pendingTouches.length === 0;
        if (settled && nothingPending) return settled;
        const row = {
          ...item,
          pipeline: shown.pipeline,
          pendingFields: shown.pendingFields,
          pendingNotes: shown.pendingNotes,
          pendingTouches: shown.pendingTouches,
          // An item is pending for as long as it is the same object (the outbox's, until the server's replaces it).
          pending: pendingIds.has(item.id),
        } as unknown as ShownRow<R>;
        if (nothingPending) settledRows.set(item, row);
        return row;
      }),
    [items, pendingIds, queued, listId, listType, settledRows],
  );
  const [stage, setStage] = useState<PipelineStage | 'all'>('all');
  const stageRows = useMemo(() => (stage === 'all' ? rows : rows.filter((row) => row.pipeline.stage === stage)), [rows, stage]);
  const { mutate: changePipeline } = useChangePipeline();
  const [editing, setEditing] = useState<ShownRow<R> | null>(null);
  const [touching, setTouching] = useState<ShownRow<R> | null>(null);
  const queryClient = useQueryClient();
  const rowRef = useCallback(
    (row: R) => ({ listId, listType, itemId: row.id, names: { row: itemName(row), list: listName } }),
    [listId, listType, itemName, listName],
  );
  // A row not on the server yet offers no change to its pipeline; one asked for anyway (a card dragged) is not
  // queued: a draft's would be refused once it lands, its id not the one the server gives it.
  const stillPending = useCallback(
    (row: ShownRow<R>) => {
      if (!row.pending) return false;
      showToast(`${itemName(row)} is saved to the list once you are back online: its stage, follow-up and amount can change then.`, {
        variant: 'info',
      });
      return true;
    },
    [itemName],
  );
  const changeStage = useCallback(
    (row: ShownRow<R>, next: PipelineStage) => {
      if (!stillPending(row)) changePipeline({ row: rowRef(row), patch: { stage: next } });
    },
    [stillPending, changePipeline, rowRef],
  );
  const edit = useCallback(
    (row: ShownRow<R>) => {
      if (!stillPending(row)) setEditing(row);
    },
    [stillPending],
  );
  const logTouch = useCallback(
    (row: ShownRow<R>) => {
      if (!stillPending(row)) setTouching(row);
    },
    [stillPending],
  );

  /** The CSV carries every note of each row, newest first; a row's notes not readable now fall back to its latest. */
  const csvColumns = useCallback(async (): Promise<TableColumn<ShownRow<R>>[]> => {
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
  }, [rows, pendingIds, queryClient, listKeys, rowRef]);

  const dialog = useMemo<FollowUpAmountDialogProps>(
    () => ({
      name: editing ? itemName(editing) : null,
      pipeline: editing?.pipeline ?? null,
      onClose: () => setEditing(null),
      onSave: (patch) => editing && changePipeline({ row: rowRef(editing), patch }),
    }),
    [editing, itemName, changePipeline, rowRef],
  );
  const touchDialog = useMemo<LazyLogTouchDialogProps>(
    () => ({ row: touching ? { ...rowRef(touching), names: { row: itemName(touching), list: listName } } : null, onClose: () => setTouching(null) }),
    [touching, rowRef, itemName, listName],
  );
  // The same columns from render to render: the grid rebuilds its columns, and redraws every cell, when they change.
  const columns = useMemo(
    () => pipelineColumns<ShownRow<R>>({ itemName, onStageChange: changeStage, onEdit: edit, onLogTouch: logTouch, onShareDeck, readOnly }),
    [itemName, changeStage, edit, logTouch, onShareDeck, readOnly],
  );

  return {
    /** Every row, with its pipeline. */
    rows,
    /** The rows at the stage the filter picks. */
    stageRows,
    stage,
    setStage,
    changeStage,
    edit,
    /** Opens the Log a touch dialog for a row. */
    logTouch,
    columns,
    dialog,
    /** The Log a touch dialog's props (LazyLogTouchDialog). */
    touchDialog,
    csvColumns,
  };
}
