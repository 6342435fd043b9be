import type { TableColumn } from '@/components/DataGrid';
import { EMPTY } from '@/lib/format';
import type { Pipeline, PipelineNote } from '@/shared/pipeline';
import { localDate, noteDay, stageLabel } from './pipeline-format';

/** An ISO time as its day on this device, YYYY-MM-DD; EMPTY when none. */
const day = (iso: string | null) => (iso === null ? EMPTY : localDate(new Date(iso)));

/**
 * The pipeline's columns of the export: Stage, Next follow-up (YYYY-MM-DD, as spreadsheets read dates),
 * Amount (whole dollars, a plain number), Last contacted and Answered (the days, YYYY-MM-DD) and Notes (every note, newest first, one per line with its day).
 */
export function pipelineCsvColumns<R extends { pipeline: Pipeline }>(notesOf: (row: R) => readonly PipelineNote[]): TableColumn<R>[] {
  return [
    { field: 'stage', headerName: 'Stage', text: (row) => stageLabel(row.pipeline) },
    { field: 'follow_up_on', headerName: 'Next follow-up', text: (row) => row.pipeline.follow_up_on ?? EMPTY },
    { field: 'amount', headerName: 'Amount (USD)', text: (row) => (row.pipeline.amount === null ? EMPTY : String(row.pipeline.amount)) },
    { field: 'last_contacted_at', headerName: 'Last contacted', text: (row) => day(row.pipeline.last_contacted_at) },
    { field: 'answered_at', headerName: 'Answered', text: (row) => day(row.pipeline.answered_at) },
    {
      field: 'notes',
      headerName: 'Notes',
      text: (row) => notesOf(row).map((note) => `${noteDay(note.created_at)}: ${note.body}`).join('\n') || EMPTY,
    },
  ];
}
