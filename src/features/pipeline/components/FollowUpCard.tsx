import { styled } from '@mui/material/styles';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { RowCard } from '@/components/RowCards';
import type { PipelineStage } from '@/shared/pipeline';
import type { ShownFollowUp } from '../follow-up-groups';
import { formatAmount, formatFollowUp, stageLabel } from '../pipeline-format';
import { PendingMark } from './PendingMark';
import { StageSelect } from './StageSelect';

export interface FollowUpCardProps {
  row: ShownFollowUp;
  /** Given when the founder may edit the row's list: the stage is a select. */
  onStageChange?: (stage: PipelineStage) => void;
}

const Facts = styled('div')({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 12, rowGap: 4, fontSize: 14 });
const Fact = styled('span')({ display: 'inline-flex', alignItems: 'center', minWidth: 0 });
const StageFact = styled(Fact)({ width: 180 });
const Due = styled(Fact)({ fontWeight: 600 });
const Overdue = styled(Due)(({ theme }) => ({ color: theme.palette.error.main }));

/** A follow-up on a phone: the row's name and firm, its list, stage, follow-up date and amount. */
export function FollowUpCard({ row, onStageChange }: FollowUpCardProps) {
  const FollowUp = row.due === 'overdue' ? Overdue : Due;
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
    >
      <Facts>
        <TextLink to="/lists/$id" params={{ id: String(row.list_id) }} underline="hover" data-above-link sx={{ fontSize: 14 }}>
          {row.list_name}
        </TextLink>
        <StageFact>
          {onStageChange ? (
            <StageSelect value={row.pipeline.stage} label={`Stage of ${row.name} in ${row.list_name}`} onChange={onStageChange} fullWidth />
          ) : (
            stageLabel(row.pipeline)
          )}
        </StageFact>
      </Facts>
      <Facts>
        <FollowUp>
          Follow up {formatFollowUp(row.pipeline.follow_up_on)}
          {row.pending && <PendingMark what="Follow-up" />}
        </FollowUp>
        {row.pipeline.amount !== null && <Due>{formatAmount(row.pipeline)}</Due>}
      </Facts>
    </RowCard>
  );
}
