import { MenuItem, TextField } from '@mui/material';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, type PipelineStage } from '@/shared/pipeline';

type StageChoice = PipelineStage | 'all';
const CHOICES: ReadonlyArray<{ value: StageChoice; label: string }> = [
  { value: 'all', label: 'All stages' },
  ...PIPELINE_STAGES.map((stage) => ({ value: stage, label: PIPELINE_STAGE_LABELS[stage] })),
];

/**
 * Shows the rows at one stage, or all of them. On a phone, the browser's own select: the phone's picker is
 * what its owner knows, and it costs the page none of MUI's menu, popover and modal.
 */
export function StageFilter({ value, onChange }: { value: StageChoice; onChange: (stage: StageChoice) => void }) {
  const phone = usePhoneLayout();
  return (
    <TextField
      select
      size="small"
      label="Stage"
      value={value}
      onChange={(event) => onChange(event.target.value as StageChoice)}
      slotProps={{ select: { native: phone } }}
      sx={{ width: { xs: '100%', sm: 180 } }}
    >
      {CHOICES.map(({ value: choice, label }) =>
        phone ? (
          <option key={choice} value={choice}>
            {label}
          </option>
        ) : (
          <MenuItem key={choice} value={choice}>
            {label}
          </MenuItem>
        ),
      )}
    </TextField>
  );
}
