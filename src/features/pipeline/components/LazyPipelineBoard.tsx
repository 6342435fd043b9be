import { Suspense, type ReactElement } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { lazyComponent } from '@/features/offline';
import type { PipelineBoardProps } from './PipelineBoard';
import type { PipelineRow } from './pipeline-columns';

// The board and its drag and drop (dnd-kit, a third of a list page's own code) load only when the board is
// shown: the table and a phone's cards never need them.
const Board = lazyComponent(() =>
  import('./PipelineBoard').then((module) => ({ default: module.PipelineBoard as (props: PipelineBoardProps<PipelineRow>) => ReactElement })),
);

/** PipelineBoard, loaded when first shown. */
export function LazyPipelineBoard<R extends PipelineRow>(props: PipelineBoardProps<R>) {
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the board" />
        </Box>
      }
    >
      {/* The lazy component cannot carry PipelineBoard's type parameter; the props are the same. */}
      <Board {...(props as unknown as PipelineBoardProps<PipelineRow>)} />
    </Suspense>
  );
}
