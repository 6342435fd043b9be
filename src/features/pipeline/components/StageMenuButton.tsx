import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, type PipelineStage } from '@/shared/pipeline';

/** 'Change stage' over a selection of rows: a button whose menu lists the stages. */
export function ChangeStageMenu({ onChange, disabled = false }: { onChange: (stage: PipelineStage) => void; disabled?: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        disabled={disabled}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Change stage
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {PIPELINE_STAGES.map((stage) => (
          <MenuItem
            key={stage}
            onClick={() => {
              setAnchor(null);
              onChange(stage);
            }}
          >
            {PIPELINE_STAGE_LABELS[stage]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
