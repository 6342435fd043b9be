import type { HTMLAttributes } from 'react';
import { MenuItem, Select } from '@mui/material';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, type PipelineStage } from '@/shared/pipeline';

export interface StageSelectProps {
  value: PipelineStage;
  onChange: (stage: PipelineStage) => void;
  /** Its accessible name, e.g. 'Stage of Ada Lovelace'. */
  label: string;
  /** In a grid cell, the grid's roving tabIndex. */
  tabIndex?: number;
  /** Fills its container (give it a width): on a card, where the select's own width is not settled. */
  fullWidth?: boolean;
}

/** A row's stage, changed in place: a compact select whose menu opens with Enter, Space or the arrows. */
export function StageSelect({ value, onChange, label, tabIndex, fullWidth = false }: StageSelectProps) {
  return (
    <Select<PipelineStage>
      size="small"
      variant="standard"
      disableUnderline
      fullWidth={fullWidth}
      value={value}
      onChange={(event) => onChange(event.target.value as PipelineStage)}
      inputProps={{ 'aria-label': label }}
      SelectDisplayProps={tabIndex === undefined ? undefined : ({ tabIndex } as HTMLAttributes<HTMLDivElement>)}
      sx={{ fontSize: 14, fontWeight: 550, minWidth: 120, '& .MuiSelect-select': { flex: '1 1 auto', py: 0.5, pl: 1, borderRadius: 1, bgcolor: 'grey.100' } }}
    >
      {PIPELINE_STAGES.map((stage) => (
        <MenuItem key={stage} value={stage}>
          {PIPELINE_STAGE_LABELS[stage]}
        </MenuItem>
      ))}
    </Select>
  );
}
