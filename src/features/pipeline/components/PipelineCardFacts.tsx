import { IconButton } from '@mui/material';
import { styled } from '@mui/material/styles';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import type { PipelineStage } from '@/shared/pipeline';
import { formatAmount, formatFollowUp, stageLabel } from '../pipeline-format';
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
  /** A viewer's card: values only (as is a pending row's, whatever this says). */
  readOnly?: boolean;
}

// Plain styled elements: a phone renders a page of these.
const Facts = styled('div')({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 12, rowGap: 4, fontSize: 14 });
const Fact = styled('span')({ display: 'inline-flex', alignItems: 'center', minWidth: 0 });
const StageFact = styled(Fact)({ width: 180 });
const OverdueFact = styled(Fact)(({ theme }) => ({ color: theme.palette.error.main, fontWeight: 600 }));
const Amount = styled(Fact)({ fontWeight: 600 });
const Muted = styled('span')(({ theme }) => ({ color: theme.palette.text.secondary, fontWeight: 400 }));
const LastChange = styled('p')(({ theme }) => ({ margin: 0, fontSize: 12, color: theme.palette.text.secondary, overflowWrap: 'anywhere' }));

/** A list row's pipeline on its phone card: the stage (changed in place), the next follow-up, the amount and the last change. */
export function PipelineCardFacts<R extends PipelineRow>({ row, name, onStageChange, onEdit, readOnly = false }: PipelineCardFactsProps<R>) {
  const { pipeline, pendingFields } = row;
  const locked = pipelineLocked(row, readOnly);
  const FollowUp = isOverdue(pipeline) ? OverdueFact : Fact;
  return (
    <>
      <Facts>
        <StageFact>
          {locked ? (
            <span style={{ fontWeight: 550 }}>{stageLabel(pipeline)}</span>
          ) : (
            <StageSelect value={pipeline.stage} label={`Stage of ${name}`} onChange={(stage) => onStageChange(row, stage)} fullWidth />
          )}
          {pendingFields.has('stage') && <PendingMark what="Stage" />}
        </StageFact>
        <FollowUp>
          {pipeline.follow_up_on ? `Follow up ${formatFollowUp(pipeline.follow_up_on)}` : <Muted>No follow-up</Muted>}
          {pendingFields.has('follow_up_on') && <PendingMark what="Next follow-up" />}
        </FollowUp>
        <Amount>
          {pipeline.amount === null ? <Muted>No amount</Muted> : formatAmount(pipeline)}
          {pendingFields.has('amount') && <PendingMark what="Amount" />}
        </Amount>
        {!locked && (
          <IconButton size="small" aria-label={`Set follow-up and amount for ${name}`} onClick={() => onEdit(row)} sx={{ ml: 'auto' }}>
            <EditCalendarOutlinedIcon sx={{ fontSize: 18 }} />
          </IconButton>
        )}
      </Facts>
      {pipeline.updated_by && <LastChange>Last change: {lastChange(pipeline)}</LastChange>}
    </>
  );
}
