import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { Box } from '@mui/material';

/** Arrow keys move a column edge by this many px. */
const KEY_STEP = 10;

export interface ResizeHandleProps {
  /** The column's name, for the handle's accessible name. */
  name: string;
  width: number;
  min: number;
  max?: number;
  onResize: (width: number) => void;
}

/** The right edge of a column header: drag it, or focus it and use the arrow keys. */
export function ResizeHandle({ name, width, min, max, onResize }: ResizeHandleProps) {
  const drag = useRef<{ pointerId: number; startX: number; startWidth: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startWidth: width };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    onResize(drag.current.startWidth + event.clientX - drag.current.startX);
  };
  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = { ArrowLeft: -KEY_STEP, ArrowRight: KEY_STEP }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    onResize(width + step);
  };

  return (
    <Box
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label={`Resize ${name}`}
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
      // A click on the edge is not a click on the header (which may sort).
      onClick={(event) => event.stopPropagation()}
      sx={{
        position: 'absolute',
        top: 0,
        right: 0,
        zIndex: 1,
        width: 10,
        height: '100%',
        cursor: 'col-resize',
        touchAction: 'none',
        '&::after': {
          content: '""',
          position: 'absolute',
          top: '25%',
          right: 0,
          width: 2,
          height: '50%',
          bgcolor: 'divider',
        },
        '&:hover::after, &:focus-visible::after': { bgcolor: 'primary.main' },
        '&:focus-visible': { outline: 'none' },
      }}
    />
  );
}
