import { useMemo, useState, type KeyboardEventHandler, type PointerEventHandler, type ReactNode } from 'react';
import { Box, IconButton, Paper, Stack, Typography } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { RowIconButton } from '@/components/RowIconButton/RowIconButton';
import { formatUsd } from '@/lib/format';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, type PipelineStage } from '@/shared/pipeline';
import { columnKeyboardCoordinates } from './board-keyboard';
import { formatAmount, formatChangeDay, formatFollowUp, formatLastContacted } from '../pipeline-format';
import { deckLine } from '@/lib/deck-format';
import { AnsweredMark } from './AnsweredMark';
import { PendingMark } from './PendingMark';
import { StageMenuButton } from './StageMenuButton';
import { isOverdue, lastChange, pipelineLocked, type PipelineRow } from './pipeline-columns';

export interface PipelineBoardProps<R extends PipelineRow> {
  rows: readonly R[];
  itemName: (row: R) => string;
  firmName: (row: R) => string;
  /** The row's name as a link to its detail page. */
  renderNameLink: (row: R) => ReactNode;
  /** Shown beside the name: the row's fit score, when the founder has a profile. */
  renderScore?: (row: R) => ReactNode;
  onStageChange: (row: R, stage: PipelineStage) => void;
  onEdit: (row: R) => void;
  /** A viewer's board: cards show, nothing moves or changes (nor does a pending row's card on any board). */
  readOnly?: boolean;
  /** Another feature's control at the foot of each card (the row's activity). */
  renderCardAction?: (row: R) => ReactNode;
}

const stageName = (id: UniqueIdentifier | undefined) => PIPELINE_STAGE_LABELS[id as PipelineStage] ?? '';

function CardBody<R extends PipelineRow>({ row, props, handle }: { row: R; props: PipelineBoardProps<R>; handle: ReactNode }) {
  const name = props.itemName(row);
  const { pipeline, pendingFields } = row;
  const locked = pipelineLocked(row, props.readOnly);
  return (
    <>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        {handle}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="div" sx={{ fontWeight: 600, fontSize: 14, overflowWrap: 'anywhere' }}>
            {props.renderNameLink(row)}
          </Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>{props.firmName(row)}</Typography>
        </Box>
        {props.renderScore?.(row)}
        {row.pending && <PendingMark what={name} />}
        {pendingFields.has('stage') && <PendingMark what="Stage" />}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, fontSize: 13 }}>
        <Typography
          component="span"
          sx={{ fontSize: 13, color: isOverdue(pipeline) ? 'error.main' : 'text.secondary', fontWeight: isOverdue(pipeline) ? 600 : 400 }}
        >
          {pipeline.follow_up_on ? `Follow up ${formatFollowUp(pipeline.follow_up_on)}` : 'No follow-up'}
        </Typography>
        <Typography component="span" sx={{ fontSize: 13, fontWeight: 600, ml: 'auto !important' }}>
          {formatAmount(pipeline)}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 0.5 }}>
        <Typography
          component="span"
          sx={{ fontSize: 12, color: 'text.secondary' }}
          title={pipeline.last_contacted_at === null ? undefined : formatChangeDay(pipeline.last_contacted_at)}
        >
          {pipeline.last_contacted_at === null ? 'No contact logged' : `Last contacted: ${formatLastContacted(pipeline.last_contacted_at)}`}
        </Typography>
        <AnsweredMark answeredAt={pipeline.answered_at} />
        {(row.pendingTouches?.length ?? 0) > 0 && <PendingMark what="Touch" />}
      </Stack>
      {pipeline.deck && (
        <Typography sx={{ fontSize: 12, color: 'text.secondary', mt: 0.5 }} noWrap>
          Deck {deckLine(pipeline.deck)}
        </Typography>
      )}
      {pipeline.updated_by && (
        <Typography sx={{ fontSize: 12, color: 'text.secondary', mt: 0.5 }} noWrap title={`Last change: ${lastChange(pipeline)}`}>
          {lastChange(pipeline)}
        </Typography>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', mt: 0.5 }}>
        {!locked && (
          <StageMenuButton
            size="small"
            aria-label={`Move to… ${name}`}
            stages={PIPELINE_STAGES.filter((stage) => stage !== row.pipeline.stage)}
            onChoose={(stage) => props.onStageChange(row, stage)}
            sx={{ minWidth: 0, px: 1, fontSize: 12 }}
          >
            Move to…
          </StageMenuButton>
        )}
        <Box sx={{ ml: 'auto', display: 'flex' }}>
          {props.renderCardAction?.(row)}
          {!locked && (
            <RowIconButton
              title="Set follow-up and amount"
              label={`Set follow-up and amount for ${name}`}
              icon={EditCalendarOutlinedIcon}
              onClick={() => props.onEdit(row)}
            />
          )}
        </Box>
      </Stack>
    </>
  );
}

/** A viewer's card, or a pending row's: nothing to drag. */
function StillCard<R extends PipelineRow>({ row, props }: { row: R; props: PipelineBoardProps<R> }) {
  return (
    <Paper variant="outlined" data-testid="board-card" sx={{ p: 1.25 }}>
      <CardBody row={row} props={props} handle={null} />
    </Paper>
  );
}

function BoardCard<R extends PipelineRow>({ row, props }: { row: R; props: PipelineBoardProps<R> }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: row.id });
  const name = props.itemName(row);
  // dnd-kit types its listeners loosely; these are the two it sets for our two sensors.
  const onPointerDown = listeners?.onPointerDown as PointerEventHandler | undefined;
  const onKeyDown = listeners?.onKeyDown as KeyboardEventHandler | undefined;
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid="board-card"
      // A pointer drags the whole card; the keyboard picks it up with its handle.
      onPointerDown={onPointerDown}
      sx={{ p: 1.25, opacity: isDragging ? 0.4 : 1, touchAction: 'manipulation', cursor: 'grab' }}
    >
      <CardBody
        row={row}
        props={props}
        handle={
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            {...attributes}
            onKeyDown={onKeyDown}
            aria-label={`Move ${name}`}
            sx={{ p: 0.25, mt: -0.25, color: 'text.secondary' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        }
      />
    </Paper>
  );
}

function BoardColumn<R extends PipelineRow>({ stage, rows, props }: { stage: PipelineStage; rows: R[]; props: PipelineBoardProps<R> }) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const total = rows.reduce((sum, row) => sum + (row.pipeline.amount ?? 0), 0);
  const headingId = `board-column-${stage}`;
  return (
    <Box
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      sx={{
        flex: '0 0 260px',
        minHeight: 360,
        bgcolor: isOver ? 'primary.50' : 'grey.50',
        border: 1,
        borderColor: isOver ? 'primary.main' : 'divider',
        borderRadius: 2,
        p: 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Box sx={{ px: 0.5, pb: 0.5 }}>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography id={headingId} component="h2" sx={{ fontSize: 14, fontWeight: 700 }}>
            {PIPELINE_STAGE_LABELS[stage]}
          </Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }} aria-label={`${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`}>
            {rows.length}
          </Typography>
        </Stack>
        <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{formatUsd(total)}</Typography>
      </Box>
      {rows.map((row) =>
        pipelineLocked(row, props.readOnly) ? <StillCard key={row.id} row={row} props={props} /> : <BoardCard key={row.id} row={row} props={props} />,
      )}
    </Box>
  );
}

/**
 * The Board view of a list: one column per stage with its count and summed amount on top, one card per
 * row. A card moves by dragging it (pointer), by picking it up with its handle and the arrow keys
 * (keyboard, announced to screen readers), or with its "Move to…" menu.
 */
export function PipelineBoard<R extends PipelineRow>(props: PipelineBoardProps<R>) {
  const { rows, itemName, onStageChange } = props;
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const byStage = useMemo(() => {
    const map = new Map<PipelineStage, R[]>(PIPELINE_STAGES.map((stage) => [stage, []]));
    for (const row of rows) map.get(row.pipeline.stage)?.push(row);
    return map;
  }, [rows]);
  const rowOf = (id: UniqueIdentifier) => rows.find((row) => row.id === id);
  const nameOf = (id: UniqueIdentifier) => {
    const row = rowOf(id);
    return row ? itemName(row) : '';
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)} in ${stageName(rowOf(active.id)?.pipeline.stage)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over ${stageName(over.id)}.` : `${nameOf(active.id)} is over no stage.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} moved to ${stageName(over.id)}.` : `${nameOf(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled; it stays in ${stageName(rowOf(active.id)?.pipeline.stage)}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    const row = rowOf(active.id);
    const stage = over?.id as PipelineStage | undefined;
    if (row && stage && stage !== row.pipeline.stage) onStageChange(row, stage);
  };

  const active = activeId === null ? undefined : rowOf(activeId);
  return (
    <DndContext
      sensors={sensors}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this card, press Space or Enter, use the Left and Right arrow keys to choose a stage, then press Space or Enter again to drop it, or Escape to cancel.',
        },
      }}
      onDragStart={({ active: started }) => setActiveId(started.id)}
      onDragCancel={() => setActiveId(null)}
      onDragEnd={onDragEnd}
    >
      <Box sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', p: 2, alignItems: 'flex-start' }} aria-label="Board">
        {PIPELINE_STAGES.map((stage) => (
          <BoardColumn key={stage} stage={stage} rows={byStage.get(stage) ?? []} props={props} />
        ))}
      </Box>
      <DragOverlay>
        {active ? (
          <Paper elevation={6} data-testid="board-drag-overlay" sx={{ p: 1.25, width: 244, cursor: 'grabbing' }}>
            <CardBody row={active} props={props} handle={<DragIndicatorIcon fontSize="small" sx={{ color: 'text.secondary' }} />} />
          </Paper>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
