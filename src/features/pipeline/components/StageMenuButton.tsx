import { useState } from 'react';
import { Button, Menu, MenuItem, type ButtonProps } from '@mui/material';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, type PipelineStage } from '@/shared/pipeline';

export interface StageMenuButtonProps extends Omit<ButtonProps, 'onClick' | 'onChange'> {
  /** The stages offered, in order: every stage unless given. */
  stages?: readonly PipelineStage[];
  onChoose: (stage: PipelineStage) => void;
}

/** A button whose menu lists pipeline stages ('Change stage' over a selection, a board card's 'Move to…'). */
export function StageMenuButton({ stages = PIPELINE_STAGES, onChoose, children, ...button }: StageMenuButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button {...button} aria-haspopup="menu" aria-expanded={anchor !== null} onClick={(event) => setAnchor(event.currentTarget)}>
        {children}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {stages.map((stage) => (
          <MenuItem
            key={stage}
            onClick={() => {
              setAnchor(null);
              onChoose(stage);
            }}
          >
            {PIPELINE_STAGE_LABELS[stage]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
