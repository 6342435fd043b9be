import { Box } from '@mui/material';
import { badgeColor } from './badge-colors';

export interface BadgeProps {
  value: string;
  /** The closed set the value belongs to (SPEC §3); unknown values render neutral. */
  vocabulary?: readonly string[];
}

export function Badge({ value, vocabulary }: BadgeProps) {
  const color = badgeColor(vocabulary, value);
  return (
    <Box
      component="span"
      title={value}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        maxWidth: '100%',
        px: 1,
        py: 0.25,
        borderRadius: 4,
        fontSize: 12,
        fontWeight: 500,
        lineHeight: '18px',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        bgcolor: color.bg,
        color: color.fg,
      }}
    >
      {value}
    </Box>
  );
}
