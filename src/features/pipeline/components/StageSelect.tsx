import { useState, type HTMLAttributes, type KeyboardEvent } from 'react';
import { Select } from '@mui/material';
import { styled } from '@mui/material/styles';
import { labelledOptions } from '@/components/FormSelect/labelled-options';
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

const selectSx = {
  fontSize: 14,
  fontWeight: 550,
  minWidth: 120,
  '& .MuiSelect-select': { flex: '1 1 auto', py: 0.5, pl: 1, borderRadius: 1, bgcolor: 'grey.100' },
} as const;

/** MUI's select, which the founder uses: mounted once she reaches for it. */
function LiveStageSelect({
  value,
  onChange,
  label,
  tabIndex,
  fullWidth,
  open,
}: Required<Omit<StageSelectProps, 'tabIndex'>> & {
  tabIndex?: number;
  open: boolean;
}) {
  return (
    <Select<PipelineStage>
      size="small"
      variant="standard"
      disableUnderline
      fullWidth={fullWidth}
      value={value}
      onChange={(event) => onChange(event.target.value as PipelineStage)}
      // It replaces the face she focused or pressed: focus moves to it, and a press opens it, as it would have.
      autoFocus
      defaultOpen={open}
      inputProps={{ 'aria-label': label }}
      SelectDisplayProps={tabIndex === undefined ? undefined : ({ tabIndex } as HTMLAttributes<HTMLDivElement>)}
      sx={selectSx}
    >
      {labelledOptions(PIPELINE_STAGES, PIPELINE_STAGE_LABELS)}
    </Select>
  );
}

// The closed select as MUI draws it (standard, small, no underline, with the styles above), in plain
// elements with MUI's class names: a page shows one per row, and MUI's select with its menu, popover and
// modal costs a phone about 7 ms to mount (and renders twice, measuring itself), mostly never opened.
const FaceRoot = styled('div')(({ theme }) => ({
  ...theme.typography.body1,
  lineHeight: '1.4375em',
  color: theme.palette.text.primary,
  boxSizing: 'border-box',
  cursor: 'text',
  display: 'inline-flex',
  alignItems: 'center',
  position: 'relative',
  fontSize: 14,
  fontWeight: 550,
  minWidth: 120,
  '&.MuiInputBase-fullWidth': { width: '100%' },
}));

const FaceDisplay = styled('div')(({ theme }) => ({
  appearance: 'none',
  userSelect: 'none',
  cursor: 'pointer',
  font: 'inherit',
  letterSpacing: 'inherit',
  color: 'currentColor',
  padding: '4px 24px 4px 8px',
  border: 0,
  borderRadius: theme.shape.borderRadius,
  boxSizing: 'content-box',
  backgroundColor: theme.palette.grey[100],
  height: 'auto',
  minHeight: '1.4375em',
  margin: 0,
  display: 'block',
  minWidth: 16,
  width: '100%',
  flex: '1 1 auto',
  WebkitTapHighlightColor: 'transparent',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  '&:focus': { outline: 0 },
}));

// MUI's hidden native input, kept as MUI draws it (out of the layout: a card does not lift it above its link).
const FaceInput = styled('input')({
  bottom: 0,
  left: 0,
  position: 'absolute',
  opacity: 0,
  pointerEvents: 'none',
  width: '100%',
  boxSizing: 'border-box',
});

const FaceIcon = styled('svg')(({ theme }) => ({
  userSelect: 'none',
  width: '1em',
  height: '1em',
  display: 'inline-block',
  flexShrink: 0,
  fill: 'currentColor',
  fontSize: '1.5rem',
  position: 'absolute',
  right: 0,
  top: 'calc(50% - .5em)',
  pointerEvents: 'none',
  color: theme.palette.action.active,
  transition: theme.transitions.create('fill', { duration: theme.transitions.duration.shorter }),
}));

/** Keys that open MUI's select's menu from its focused box. */
const OPENING_KEYS = new Set([' ', 'ArrowUp', 'ArrowDown', 'Enter']);

/**
 * A row's stage, changed in place: a compact select whose menu opens with a press, Enter, Space or the
 * arrows. Until the founder focuses or presses it, it is the closed select's look (same role, name and
 * text); then MUI's select takes its place, focused, its menu open if she pressed it.
 */
export function StageSelect({ value, onChange, label, tabIndex, fullWidth = false }: StageSelectProps) {
  const [live, setLive] = useState<'focused' | 'open' | null>(null);
  if (live) {
    return (
      <LiveStageSelect value={value} onChange={onChange} label={label} tabIndex={tabIndex} fullWidth={fullWidth} open={live === 'open'} />
    );
  }
  return (
    <FaceRoot
      className={`MuiInputBase-root MuiInput-root MuiInputBase-colorPrimary${fullWidth ? ' MuiInputBase-fullWidth' : ''} MuiInputBase-sizeSmall MuiSelect-root`}
    >
      <FaceDisplay
        tabIndex={tabIndex ?? 0}
        role="combobox"
        aria-expanded="false"
        aria-haspopup="listbox"
        aria-label={label}
        className="MuiSelect-select MuiSelect-standard MuiInputBase-input MuiInput-input"
        onMouseDown={(event) => {
          if (event.button !== 0) return;
          // As MUI's select does: the press opens the menu, and keeps the focus from moving first.
          event.preventDefault();
          setLive('open');
        }}
        onFocus={() => setLive('focused')}
        onKeyDown={(event: KeyboardEvent) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          setLive('open');
        }}
      >
        {PIPELINE_STAGE_LABELS[value]}
      </FaceDisplay>
      <FaceInput aria-invalid="false" aria-hidden tabIndex={-1} className="MuiSelect-nativeInput" value={value} readOnly />
      <FaceIcon className="MuiSvgIcon-root MuiSvgIcon-fontSizeMedium MuiSelect-icon" focusable="false" aria-hidden viewBox="0 0 24 24">
        <path d="M7 10l5 5 5-5z" />
      </FaceIcon>
    </FaceRoot>
  );
}
