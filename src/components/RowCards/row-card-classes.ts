import type { CSSObject, Theme } from '@mui/material/styles';

/**
 * The class names a card and its body are drawn with. A page of cards is rendered on a phone's CPU, and a
 * styled component costs each instance its own style work (serialised, hashed, inserted) and two more
 * React components; so a card is plain elements with these classes, and RowCardList's list carries their
 * styles once. A card's body (the features' facts) uses the same classes.
 */
export const rowCardClasses = {
  root: 'RowCard-root',
  top: 'RowCard-top',
  heading: 'RowCard-heading',
  aside: 'RowCard-aside',
  subtitle: 'RowCard-subtitle',
  select: 'RowCard-select',
  body: 'RowCard-body',
  /** A wrapping row of badges and words. */
  line: 'RowCard-line',
  /** A wrapping row of facts, a little further apart. */
  facts: 'RowCard-facts',
  fact: 'RowCard-fact',
  /** A fact as wide as a stage's select. */
  wideFact: 'RowCard-wideFact',
  strong: 'RowCard-strong',
  /** A fact that needs doing now (an overdue follow-up). */
  urgent: 'RowCard-urgent',
  muted: 'RowCard-muted',
  /** A place, in the secondary colour. */
  meta: 'RowCard-meta',
  /** '+N' after a list's first badge. */
  count: 'RowCard-count',
  /** A small line at the card's foot ('Last change: …'). */
  note: 'RowCard-note',
  /** A change not sent yet. */
  pending: 'RowCard-pending',
  /** A round button holding an icon, as MUI's small IconButton looks. */
  iconButton: 'RowCard-iconButton',
  visuallyHidden: 'RowCard-visuallyHidden',
} as const;

const c = rowCardClasses;

/** The styles of a card and of the classes above, nested in the list that holds the cards. */
export function rowCardStyles(theme: Theme): CSSObject {
  return {
    [`& .${c.root}`]: {
      position: 'relative',
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      columnGap: 8,
      rowGap: 6,
      padding: '12px 8px 12px 14px',
      border: `1px solid ${theme.palette.divider}`,
      borderRadius: 8,
      backgroundColor: theme.palette.background.paper,
      fontSize: 14,
      lineHeight: 1.5,
      // The heading's link covers the card, so a tap anywhere opens the row; what else takes a tap sits above it.
      [`& .${c.heading} a::after`]: { content: '""', position: 'absolute', inset: 0, borderRadius: 8 },
      [`& .${c.heading} a:focus-visible`]: { outline: 'none' },
      [`&:has(.${c.heading} a:focus-visible)`]: { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      // Not a select's hidden native input: lifted (position: relative) it would take half the select's width.
      '& button, & input:not([aria-hidden="true"]), & label, & [role="combobox"], & [data-above-link]': { position: 'relative', zIndex: 1 },
      // A select's arrow, drawn over its box, stays above it once the box is lifted.
      '& [role="combobox"] ~ svg': { zIndex: 1 },
    },
    [`& .${c.top}`]: { display: 'flex', alignItems: 'flex-start', gap: 8, minWidth: 0 },
    [`& .${c.heading}`]: {
      margin: 0,
      fontSize: 16,
      fontWeight: 650,
      lineHeight: 1.35,
      minWidth: 0,
      overflowWrap: 'anywhere',
      // The link looks like the heading (the theme's links are coloured and 500).
      '& a': { color: 'inherit', textDecoration: 'none', fontWeight: 'inherit' },
    },
    [`& .${c.aside}`]: { display: 'flex', alignItems: 'center', gap: 4, flexShrink: 0, marginLeft: 'auto', '& [data-above-link]': { display: 'inline-flex' } },
    [`& .${c.subtitle}`]: { margin: '2px 0 0', fontSize: 14, color: theme.palette.text.secondary, overflowWrap: 'anywhere' },
    // A 40 px target around the box, as MUI's checkbox has.
    [`& .${c.select}`]: {
      alignSelf: 'start',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 40,
      height: 40,
      margin: -6,
      cursor: 'pointer',
      '& input': { width: 18, height: 18, margin: 0, cursor: 'pointer', accentColor: theme.palette.primary.main },
      '& input:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    },
    [`& .${c.body}`]: { gridColumn: '1 / -1', display: 'grid', gap: 6, minWidth: 0, paddingRight: 6 },
    [`& .${c.line}`]: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 6, minWidth: 0 },
    [`& .${c.facts}`]: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 12, rowGap: 4, fontSize: 14 },
    [`& .${c.fact}`]: { display: 'inline-flex', alignItems: 'center', minWidth: 0 },
    [`& .${c.wideFact}`]: { width: 180 },
    [`& .${c.strong}`]: { fontWeight: 600 },
    [`& .${c.urgent}`]: { fontWeight: 600, color: theme.palette.error.main },
    [`& .${c.muted}`]: { color: theme.palette.text.secondary, fontWeight: 400 },
    [`& .${c.meta}`]: { fontSize: 13, color: theme.palette.text.secondary, minWidth: 0, overflowWrap: 'anywhere' },
    [`& .${c.count}`]: { fontSize: 12, fontWeight: 600, color: theme.palette.text.secondary },
    [`& .${c.note}`]: { margin: 0, fontSize: 12, color: theme.palette.text.secondary, overflowWrap: 'anywhere' },
    [`& .${c.pending}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: 4,
      padding: '1px 6px',
      border: `1px solid ${theme.palette.divider}`,
      borderRadius: 4,
      fontSize: 12,
      color: theme.palette.text.secondary,
      '& svg': { fontSize: 14 },
    },
    [`& .${c.iconButton}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      width: 30,
      height: 30,
      marginLeft: 'auto',
      padding: 0,
      border: 0,
      borderRadius: '50%',
      background: 'none',
      color: theme.palette.action.active,
      cursor: 'pointer',
      WebkitTapHighlightColor: 'transparent',
      '& svg': { fontSize: 18 },
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 0 },
    },
    [`& .${c.visuallyHidden}`]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  };
}
