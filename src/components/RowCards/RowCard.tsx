import type { ReactNode } from 'react';
import { Checkbox, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';

export interface RowCardProps {
  /** The row's name as a link to its page: the card's heading; a tap anywhere on the card follows it. */
  heading: ReactNode;
  /** The row's name in words, for the checkbox's label. */
  name: string;
  /** A line under the heading ('Partner at Acme Ventures'). */
  subtitle?: ReactNode;
  /** Beside the heading, at the end: the fit chip, the pending mark. */
  aside?: ReactNode;
  /** Given to show a checkbox that selects the row. */
  selection?: { selected: boolean; onChange: (selected: boolean) => void };
  /** The card's body: badges, facts, controls. Controls in it stay above the card's link. */
  children?: ReactNode;
}

// Plain styled elements, one class each: a page of cards is rendered on a phone's CPU.
const Card = styled('article')(({ theme }) => ({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: 8,
  rowGap: 6,
  padding: '12px 8px 12px 14px',
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: 8,
  backgroundColor: theme.palette.background.paper,
  // The heading's link looks like the heading (the theme's links are coloured and 500).
  '& h3 a': { color: 'inherit', textDecoration: 'none', fontWeight: 'inherit' },
  // The heading's link covers the card, so a tap anywhere opens the row; what else takes a tap sits above it.
  '& h3 a::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 8 },
  '& h3 a:focus-visible': { outline: 'none' },
  '&:has(h3 a:focus-visible)': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  '& button, & input, & [role="combobox"], & [data-above-link]': { position: 'relative', zIndex: 1 },
}));

const Top = styled('div')({ display: 'flex', alignItems: 'flex-start', gap: 8, minWidth: 0 });
const Aside = styled('div')({ display: 'flex', alignItems: 'center', gap: 4, flexShrink: 0, marginLeft: 'auto' });
const Body = styled('div')({ gridColumn: '1 / -1', display: 'grid', gap: 6, minWidth: 0, paddingRight: 6 });

/**
 * One row as a card: its name (a link to its page) as the heading, a subtitle, what is beside the name,
 * then the body; with a checkbox after the link, so Tab reaches a card's link, then its checkbox.
 */
export function RowCard({ heading, name, subtitle, aside, selection, children }: RowCardProps) {
  return (
    <Card>
      <div style={{ minWidth: 0 }}>
        <Top>
          <Typography component="h3" sx={{ fontSize: 16, fontWeight: 650, lineHeight: 1.35, minWidth: 0, overflowWrap: 'anywhere' }}>
            {heading}
          </Typography>
          {aside && <Aside>{aside}</Aside>}
        </Top>
        {subtitle && (
          <Typography component="p" sx={{ fontSize: 14, color: 'text.secondary', mt: 0.25, overflowWrap: 'anywhere' }}>
            {subtitle}
          </Typography>
        )}
      </div>
      {selection ? (
        <Checkbox
          checked={selection.selected}
          onChange={(event) => selection.onChange(event.target.checked)}
          slotProps={{ input: { 'aria-label': `Select ${name}` } }}
          sx={{ alignSelf: 'start', m: -0.75 }}
        />
      ) : (
        <span />
      )}
      {children && <Body>{children}</Body>}
    </Card>
  );
}
