import { styled } from '@mui/material/styles';
import { Badge } from './Badge';

export interface BadgeListProps {
  values: readonly string[];
  vocabulary?: readonly string[];
  /** Wrap onto several lines (detail pages) instead of one clipped line (table cells). */
  wrap?: boolean;
}

const Row = styled('div')({ display: 'flex', gap: 4, flexWrap: 'nowrap', overflow: 'hidden', alignItems: 'center' });

/** Badges of a list field, or '-' when it has none. */
export function BadgeList({ values, vocabulary, wrap = false }: BadgeListProps) {
  if (values.length === 0) return <span>-</span>;
  return (
    <Row style={wrap ? { flexWrap: 'wrap' } : undefined}>
      {values.map((value) => (
        <Badge key={value} value={value} vocabulary={vocabulary} />
      ))}
    </Row>
  );
}
