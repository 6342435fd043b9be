import { useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';

/**
 * Whether the screen is narrower than SPEC's md breakpoint (768 px), where rows are cards rather than a
 * grid. Read from the viewport at the first render (`noSsr`), so a phone never renders, or loads, the grid,
 * and read again whenever the viewport crosses it (a tablet rotated, a window resized).
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
}
