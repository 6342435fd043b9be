import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { RowCard, rowCardClasses as c } from '@/components/RowCards';
import type { PipelineStage } from '@/shared/pipeline';
import type { ShownFollowUp } from '../follow-up-groups';
import { formatAmount, formatFollowUp, stageLabel } from '../pipeline-format';
import { AnsweredMark } from './AnsweredMark';
import { PendingMark } from './PendingMark';
import { StageSelect } from './StageSelect';

export interface FollowUpCardProps {
  row: ShownFollowUp;
  /** Given when the founder may edit the row's list: the stage is a select. */
  onStageChange?: (stage: PipelineStage) => void;
}

/** A follow-up on a phone: the row's name and firm (and whether they answered), its list, stage, follow-up date and amount. */
export function FollowUpCard({ row, onStageChange }: FollowUpCardProps) {
  const due = row.due === 'overdue' ? `${c.fact} ${c.urgent}` : `${c.fact} ${c.strong}`;
  return (
    <RowCard
      heading={
        <TextLink
          to={row.list_type === 'investor' ? '/investor/$id' : '/fund/$id'}
          params={{ id: String(row.item_id) }}
          underline="hover"
          color="inherit"
        >
          {row.name}
        </TextLink>
      }
      name={row.name}
      subtitle={row.firm_name}
      aside={<AnsweredMark answeredAt={row.pipeline.answered_at} />}
    >
      <div className={c.facts}>
        <TextLink to="/lists/$id" params={{ id: String(row.list_id) }} underline="hover" data-above-link sx={{ fontSize: 14 }}>
          {row.list_name}
        </TextLink>
        <span className={`${c.fact} ${c.wideFact}`}>
          {onStageChange ? (
            <StageSelect value={row.pipeline.stage} label={`Stage of ${row.name} in ${row.list_name}`} onChange={onStageChange} fullWidth />
          ) : (
            stageLabel(row.pipeline)
          )}
        </span>
      </div>
      <div className={c.facts}>
        <span className={due}>
          Follow up {formatFollowUp(row.pipeline.follow_up_on)}
          {row.pending && <PendingMark what="Follow-up" />}
        </span>
        {row.pipeline.amount !== null && <span className={`${c.fact} ${c.strong}`}>{formatAmount(row.pipeline)}</span>}
      </div>
    </RowCard>
  );
}
