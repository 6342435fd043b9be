import { MenuItem, TextField } from '@mui/material';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, type PipelineStage } from '@/shared/pipeline';

/** Shows the rows at one stage, or all of them. */
export function StageFilter({ value, onChange }: { value: PipelineStage | 'all'; onChange: (stage: PipelineStage | 'all') => void }) {
  return (
    <TextField
      select
      size="small"
      label="Stage"
      value={value}
      onChange={(event) => onChange(event.target.value as PipelineStage | 'all')}
      sx={{ width: { xs: '100%', sm: 180 } }}
    >
      <MenuItem value="all">All stages</MenuItem>
      {PIPELINE_STAGES.map((stage) => (
        <MenuItem key={stage} value={stage}>
          {PIPELINE_STAGE_LABELS[stage]}
        </MenuItem>
      ))}
    </TextField>
  );
}
