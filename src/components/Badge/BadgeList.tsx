import { Box } from '@mui/material';
import { Badge } from './Badge';

export interface BadgeListProps {
  values: readonly string[];
  vocabulary?: readonly string[];
  /** Wrap onto several lines (detail pages) instead of one clipped line (table cells). */
  wrap?: boolean;
}

/** Badges of a list field, or '-' when it has none. */
export function BadgeList({ values, vocabulary, wrap = false }: BadgeListProps) {
  if (values.length === 0) return <span>-</span>;
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 0.5,
        flexWrap: wrap ? 'wrap' : 'nowrap',
        overflow: 'hidden',
        alignItems: 'center',
      }}
    >
      {values.map((value) => (
        <Badge key={value} value={value} vocabulary={vocabulary} />
      ))}
    </Box>
  );
}
