import type { SxProps, Theme } from '@mui/material/styles';

const ROW_HEIGHT = 52;
export const HEADER_HEIGHT = 44;

/**
 * The whole table is styled here, once: its body is plain `tr`/`td` elements rather than MUI
 * TableRow/TableCell, because a page holds hundreds of cells and a styled component per cell was
 * most of the cost of rendering one. The body looks as MUI's would (same borders, hover and
 * selected colours).
 *
 * Each cell's content sits in a `div` with `content-visibility: auto`: the browser lays out and
 * paints only the cells near the screen. A phone shows two of twenty columns, so most of a page's
 * text is neither shaped nor painted until it is scrolled to; the content stays in the DOM and
 * the accessibility tree, and find-in-page still reaches it.
 */
export function tableStyles(width: number, clickableRows: boolean): SxProps<Theme> {
  return (theme) => ({
    tableLayout: 'fixed',
    width,
    minWidth: '100%',
    '& th, & td': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', py: 0, px: 1.25 },
    '& .MuiTableCell-paddingCheckbox, & td[data-select]': { px: 0, textAlign: 'center', textOverflow: 'clip' },
    '& thead tr': { height: HEADER_HEIGHT, bgcolor: 'grey.50' },
    '& thead th': { position: 'relative', fontWeight: 600, fontSize: 12, color: 'text.secondary' },
    '& tbody tr': {
      height: ROW_HEIGHT,
      cursor: clickableRows ? 'pointer' : 'default',
      outline: 0,
      '&:hover': { bgcolor: 'action.hover' },
      '&[data-selected]': {
        bgcolor: theme.alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
        '&:hover': {
          bgcolor: theme.alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity),
        },
      },
      '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
    },
    '& tbody td': {
      ...theme.typography.body2,
      fontSize: 14,
      color: 'text.primary',
      textAlign: 'left',
      borderBottom: `1px solid ${theme.lighten(theme.alpha(theme.palette.divider, 1), 0.88)}`,
    },
    '& tbody td > div': {
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      contentVisibility: 'auto',
      // A line of text or of badges, until the cell is laid out for real.
      containIntrinsicSize: 'auto 22px',
    },
  });
}
