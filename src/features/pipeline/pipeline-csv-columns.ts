import type { TableColumn } from '@/components/DataGrid';
import { EMPTY } from '@/lib/format';
import type { Pipeline, PipelineNote } from '@/shared/pipeline';
import { noteDay, stageLabel } from './pipeline-format';

/**
 * The pipeline's columns of the export: Stage, Next follow-up (YYYY-MM-DD, as spreadsheets read dates),
 * Amount (whole dollars, a plain number) and Notes (every note, newest first, one per line with its day).
 */
export function pipelineCsvColumns<R extends { pipeline: Pipeline }>(notesOf: (row: R) => readonly PipelineNote[]): TableColumn<R>[] {
  return [
    { field: 'stage', headerName: 'Stage', text: (row) => stageLabel(row.pipeline) },
    { field: 'follow_up_on', headerName: 'Next follow-up', text: (row) => row.pipeline.follow_up_on ?? EMPTY },
    { field: 'amount', headerName: 'Amount (USD)', text: (row) => (row.pipeline.amount === null ? EMPTY : String(row.pipeline.amount)) },
    {
      field: 'notes',
      headerName: 'Notes',
      text: (row) => notesOf(row).map((note) => `${noteDay(note.created_at)}: ${note.body}`).join('\n') || EMPTY,
    },
  ];
}
