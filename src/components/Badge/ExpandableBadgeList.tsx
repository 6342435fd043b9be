import { useState } from 'react';
import { Box, Link } from '@mui/material';
import { COLLAPSED_PREVIEW_COUNT } from '@/shared/constants';
import { Badge } from './Badge';

export interface ExpandableBadgeListProps {
  values: readonly string[];
  vocabulary?: readonly string[];
}

/** The first 3 values, then '+N more' that reveals the rest; '-' for none. */
export function ExpandableBadgeList({ values, vocabulary }: ExpandableBadgeListProps) {
  const [expanded, setExpanded] = useState(false);
  if (values.length === 0) return <span>-</span>;
  const hidden = values.length - COLLAPSED_PREVIEW_COUNT;
  const shown = expanded || hidden <= 0 ? values : values.slice(0, COLLAPSED_PREVIEW_COUNT);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
      {shown.map((value) => (
        <Badge key={value} value={value} vocabulary={vocabulary} />
      ))}
      {!expanded && hidden > 0 && (
        <Link
          component="button"
          type="button"
          variant="body2"
          underline="hover"
          onClick={() => setExpanded(true)}
          sx={{ fontWeight: 600 }}
        >
          +{hidden} more
        </Link>
      )}
    </Box>
  );
}
