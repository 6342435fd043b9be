import { styled } from '@mui/material/styles';
import { badgeColor } from './badge-colors';

export interface BadgeProps {
  value: string;
  /** The closed set the value belongs to (shared/vocabularies); unknown values render neutral. */
  vocabulary?: readonly string[];
}

// One class for every badge, its colours inline: a table page shows hundreds of badges, and
// resolving an sx object per badge was most of the cost of rendering its rows.
const BadgeChip = styled('span')({
  display: 'inline-flex',
  alignItems: 'center',
  maxWidth: '100%',
  padding: '2px 8px',
  borderRadius: 32,
  fontSize: 12,
  fontWeight: 500,
  lineHeight: '18px',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export function Badge({ value, vocabulary }: BadgeProps) {
  const color = badgeColor(vocabulary, value);
  return (
    <BadgeChip title={value} style={{ backgroundColor: color.bg, color: color.fg }}>
      {value}
    </BadgeChip>
  );
}
