import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import { rowCardClasses as c } from '@/components/RowCards';
import { deckLine } from '@/lib/deck-format';
import type { PipelineStage } from '@/shared/pipeline';
import { formatAmount, formatFollowUp, formatLastContacted, stageLabel } from '../pipeline-format';
import { AnsweredMark } from './AnsweredMark';
import { PendingMark } from './PendingMark';
import { isOverdue, lastChange, pipelineLocked, type PipelineRow } from './pipeline-columns';
import { StageSelect } from './StageSelect';

export interface PipelineCardFactsProps<R extends PipelineRow> {
  row: R;
  /** The row's name, for the controls' labels. */
  name: string;
  onStageChange: (row: R, stage: PipelineStage) => void;
  /** Opens the follow-up and amount dialog for the row. */
  onEdit: (row: R) => void;
  /** Opens the Log a touch dialog for the row. */
  onLogTouch?: (row: R) => void;
  /** Opens the row's deck links (an investor list's): with it, the card has a deck line. */
  onShareDeck?: (row: R) => void;
  /** A viewer's card: values only (as is a pending row's, whatever this says). */
  readOnly?: boolean;
}

/**
 * A list row's pipeline on its phone card: the stage (changed in place), the next follow-up, the amount, when it was last
 * contacted (and whether they answered) and the last change.
 */
export function PipelineCardFacts<R extends PipelineRow>({
  row,
  name,
  onStageChange,
  onEdit,
  onLogTouch,
  onShareDeck,
  readOnly = false,
}: PipelineCardFactsProps<R>) {
  const { pipeline, pendingFields } = row;
  const locked = pipelineLocked(row, readOnly);
  return (
    <>
      <div className={c.facts}>
        <span className={`${c.fact} ${c.wideFact}`}>
          {locked ? (
            <span style={{ fontWeight: 550 }}>{stageLabel(pipeline)}</span>
          ) : (
            <StageSelect value={pipeline.stage} label={`Stage of ${name}`} onChange={(stage) => onStageChange(row, stage)} fullWidth />
          )}
          {pendingFields.has('stage') && <PendingMark what="Stage" />}
        </span>
        <span className={isOverdue(pipeline) ? `${c.fact} ${c.urgent}` : c.fact}>
          {pipeline.follow_up_on ? `Follow up ${formatFollowUp(pipeline.follow_up_on)}` : <span className={c.muted}>No follow-up</span>}
          {pendingFields.has('follow_up_on') && <PendingMark what="Next follow-up" />}
        </span>
        <span className={`${c.fact} ${c.strong}`}>
          {pipeline.amount === null ? <span className={c.muted}>No amount</span> : formatAmount(pipeline)}
          {pendingFields.has('amount') && <PendingMark what="Amount" />}
        </span>
        {!locked && (
          <button type="button" className={c.iconButton} aria-label={`Set follow-up and amount for ${name}`} onClick={() => onEdit(row)}>
            <EditCalendarOutlinedIcon />
          </button>
        )}
      </div>
      <div className={c.facts}>
        <span className={c.fact}>
          {pipeline.last_contacted_at === null ? (
            <span className={c.muted}>No contact logged</span>
          ) : (
            `Last contacted: ${formatLastContacted(pipeline.last_contacted_at)}`
          )}
          {(row.pendingTouches?.length ?? 0) > 0 && <PendingMark what="Touch" />}
        </span>
        <AnsweredMark answeredAt={pipeline.answered_at} />
        {!locked && onLogTouch && (
          <button type="button" className={c.iconButton} aria-label={`Log a touch for ${name}`} onClick={() => onLogTouch(row)}>
            <AddCommentOutlinedIcon />
          </button>
        )}
      </div>
      {onShareDeck && (
        <div className={c.facts}>
          <span className={c.fact}>{pipeline.deck ? `Deck ${deckLine(pipeline.deck)}` : <span className={c.muted}>No deck read</span>}</span>
          {!row.pending && (
            <button type="button" className={c.iconButton} aria-label={`Share deck with ${name}`} onClick={() => onShareDeck(row)}>
              <SlideshowOutlinedIcon />
            </button>
          )}
        </div>
      )}
      {pipeline.updated_by && <p className={c.note}>Last change: {lastChange(pipeline)}</p>}
    </>
  );
}
