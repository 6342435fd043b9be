import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import PriceChangeOutlinedIcon from '@mui/icons-material/PriceChangeOutlined';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import type { TableColumn } from '@/components/DataGrid';
import { RowIconButton } from '@/components/RowIconButton/RowIconButton';
import { deckLine } from '@/lib/deck-format';
import { EMPTY } from '@/lib/format';
import { PIPELINE_STAGES, type Pipeline, type PipelineField, type PipelineStage } from '@/shared/pipeline';
import type { ShownTouch } from '../pending-pipeline';
import { formatAmount, formatChangeDay, formatFollowUp, formatLastContacted, localDate, stageLabel } from '../pipeline-format';
import { AnsweredMark } from './AnsweredMark';
import { PendingMark } from './PendingMark';
import { ShareDeckButton } from './ShareDeckButton';
import { StageSelect } from './StageSelect';

/** A list row as the pages show it: its pipeline with what is still pending laid over it. */
export interface PipelineRow {
  id: number;
  pipeline: Pipeline;
  pendingFields: ReadonlySet<PipelineField>;
  /** Touches logged on this device and not on the server yet. */
  pendingTouches?: readonly ShownTouch[];
  /**
   * The row itself is not on the server yet (added offline, or a contact created offline): its stage,
   * follow-up and amount show, and change once it has landed (the server would refuse a change before).
   */
  pending?: boolean;
}

export interface PipelineColumnsOptions<R extends PipelineRow> {
  itemName: (row: R) => string;
  onStageChange: (row: R, stage: PipelineStage) => void;
  /** Opens the follow-up and amount dialog for the row. */
  onEdit: (row: R) => void;
  /** Opens the Log a touch dialog for the row. */
  onLogTouch?: (row: R) => void;
  /** Opens the row's deck links (an investor list's): with it, the table has a Deck column. */
  onShareDeck?: (row: R) => void;
  /** A viewer's table: values only, nothing to change them with (nor on a pending row, in any table). */
  readOnly?: boolean;
}

/** Whether the row's pipeline shows values only: a viewer's list, or a row not on the server yet. */
export const pipelineLocked = (row: PipelineRow, readOnly = false) => readOnly || row.pending === true;

export const isOverdue = (pipeline: Pipeline, today = localDate()) => pipeline.follow_up_on !== null && pipeline.follow_up_on < today;

/** Who made the row's last change and when: 'Ada Lovelace · Nov 24, 2026'. */
export const lastChange = (pipeline: Pipeline) =>
  [pipeline.updated_by ? `${pipeline.updated_by.first_name} ${pipeline.updated_by.last_name}` : null, formatChangeDay(pipeline.updated_at)]
    .filter(Boolean)
    .join(' · ');

/** The row's last contacted day as plain text, and whether the investor answered: what the search and CSV read. */
export const lastContactedText = (pipeline: Pipeline) =>
  pipeline.answered_at === null ? formatLastContacted(pipeline.last_contacted_at) : `${formatLastContacted(pipeline.last_contacted_at)} · Answered`;

/** The icon of the button beside a value set in the follow-up and amount dialog: what that value is. */
const DIALOG_CELL_ICONS = { follow_up_on: EditCalendarOutlinedIcon, amount: PriceChangeOutlinedIcon } as const;

/**
 * Stage (a select in the cell), Next follow-up and Amount (set in a small dialog), when the row was last contacted (with the
 * answered mark and a button that logs a touch), the latest note and who changed the row last.
 */
export function pipelineColumns<R extends PipelineRow>({
  itemName,
  onStageChange,
  onEdit,
  onLogTouch,
  onShareDeck,
  readOnly = false,
}: PipelineColumnsOptions<R>): TableColumn<R>[] {
  /** A value set in the follow-up and amount dialog: the value, its pending mark, and the button that opens the dialog. */
  const dialogCell = (row: R, field: keyof typeof DIALOG_CELL_ICONS, what: string, tabIndex: number, value: ReactNode) => {
    const Icon = DIALOG_CELL_ICONS[field];
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', width: '100%' }}>
        {value}
        {row.pendingFields.has(field) && <PendingMark what={what} />}
        {!pipelineLocked(row, readOnly) && (
          <RowIconButton
            title={`Set ${what.toLowerCase()}`}
            label={`Set ${what.toLowerCase()} for ${itemName(row)}`}
            icon={Icon}
            tabIndex={tabIndex}
            onClick={() => onEdit(row)}
            sx={{ ml: 'auto' }}
          />
        )}
      </Box>
    );
  };
  return [
    {
      field: 'pipeline_stage',
      headerName: 'Stage',
      width: 170,
      hideable: false,
      text: (row) => stageLabel(row.pipeline),
      sortValue: (row) => PIPELINE_STAGES.indexOf(row.pipeline.stage),
      render: (row, { tabIndex }) => (
        <>
          {pipelineLocked(row, readOnly) ? (
            <span>{stageLabel(row.pipeline)}</span>
          ) : (
            <StageSelect
              value={row.pipeline.stage}
              label={`Stage of ${itemName(row)}`}
              tabIndex={tabIndex}
              onChange={(stage) => onStageChange(row, stage)}
            />
          )}
          {row.pendingFields.has('stage') && <PendingMark what="Stage" />}
        </>
      ),
    },
    {
      field: 'pipeline_follow_up',
      headerName: 'Next follow-up',
      width: 170,
      text: (row) => formatFollowUp(row.pipeline.follow_up_on),
      sortValue: (row) => (row.pipeline.follow_up_on === null ? null : Date.parse(row.pipeline.follow_up_on)),
      render: (row, { tabIndex }) =>
        dialogCell(
          row,
          'follow_up_on',
          'Next follow-up',
          tabIndex,
          <Typography
            component="span"
            sx={{
              fontSize: 14,
              color: isOverdue(row.pipeline) ? 'error.main' : undefined,
              fontWeight: isOverdue(row.pipeline) ? 600 : undefined,
            }}
          >
            {formatFollowUp(row.pipeline.follow_up_on)}
          </Typography>,
        ),
    },
    {
      field: 'pipeline_last_contacted',
      headerName: 'Last contacted',
      width: 250,
      text: (row) => lastContactedText(row.pipeline),
      sortValue: (row) => (row.pipeline.last_contacted_at === null ? null : Date.parse(row.pipeline.last_contacted_at)),
      render: (row, { tabIndex }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, width: '100%' }}>
          <span title={row.pipeline.last_contacted_at ? formatChangeDay(row.pipeline.last_contacted_at) : undefined}>
            {formatLastContacted(row.pipeline.last_contacted_at)}
          </span>
          <AnsweredMark answeredAt={row.pipeline.answered_at} />
          {(row.pendingTouches?.length ?? 0) > 0 && <PendingMark what="Touch" />}
          {onLogTouch && !pipelineLocked(row, readOnly) && (
            <RowIconButton
              title="Log a touch"
              label={`Log a touch for ${itemName(row)}`}
              icon={AddCommentOutlinedIcon}
              tabIndex={tabIndex}
              onClick={() => onLogTouch(row)}
              sx={{ ml: 'auto' }}
            />
          )}
        </Box>
      ),
    },
    ...(onShareDeck
      ? [
          {
            field: 'pipeline_deck',
            headerName: 'Deck',
            width: 290,
            text: (row: R) => (row.pipeline.deck ? deckLine(row.pipeline.deck) : EMPTY),
            sortValue: (row: R) => (row.pipeline.deck ? Date.parse(row.pipeline.deck.last_visit_at) : null),
            render: (row: R, { tabIndex }: { tabIndex: number }) => (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, width: '100%', minWidth: 0 }}>
                <span title={row.pipeline.deck ? formatChangeDay(row.pipeline.deck.last_visit_at) : undefined}>
                  {row.pipeline.deck ? deckLine(row.pipeline.deck) : EMPTY}
                </span>
                {!row.pending && (
                  <Box sx={{ ml: 'auto' }}>
                    <ShareDeckButton name={itemName(row)} tabIndex={tabIndex} onClick={() => onShareDeck(row)} />
                  </Box>
                )}
              </Box>
            ),
          } satisfies TableColumn<R>,
        ]
      : []),
    {
      field: 'pipeline_amount',
      headerName: 'Amount',
      width: 150,
      text: (row) => formatAmount(row.pipeline),
      sortValue: (row) => row.pipeline.amount,
      render: (row, { tabIndex }) => dialogCell(row, 'amount', 'Amount', tabIndex, <span>{formatAmount(row.pipeline)}</span>),
    },
    {
      field: 'pipeline_latest_note',
      headerName: 'Latest note',
      width: 240,
      sortable: false,
      text: (row) => row.pipeline.latest_note?.body ?? EMPTY,
      render: (row) =>
        row.pipeline.latest_note ? (
          <span title={row.pipeline.latest_note.body}>
            {row.pipeline.latest_note.body}
            {row.pipeline.note_count > 1 && (
              <Typography component="span" sx={{ fontSize: 12, color: 'text.secondary', ml: 0.75 }}>
                +{row.pipeline.note_count - 1}
              </Typography>
            )}
          </span>
        ) : (
          EMPTY
        ),
    },
    {
      field: 'pipeline_updated_by',
      headerName: 'Last change',
      width: 200,
      text: (row) => lastChange(row.pipeline),
      sortValue: (row) => Date.parse(row.pipeline.updated_at),
    },
  ];
}
