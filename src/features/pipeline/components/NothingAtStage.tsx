import { Typography } from '@mui/material';
import { PIPELINE_STAGE_LABELS, type PipelineStage } from '@/shared/pipeline';

/** What a list's table shows when no row is at the stage the filter picks. */
export function NothingAtStage({ stage }: { stage: PipelineStage }) {
  return (
    <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
      Nothing in this list is at {PIPELINE_STAGE_LABELS[stage]}.
    </Typography>
  );
}
