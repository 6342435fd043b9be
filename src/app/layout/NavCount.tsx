import { Box } from '@mui/material';

const COLORS = {
  urgent: { bgcolor: 'error.main', color: 'error.contrastText' },
  quiet: { bgcolor: 'grey.200', color: 'grey.800' },
} as const;

/** A sidebar link's count ("3 due"): the number shown, the word after it read by screen readers only; none at 0. */
export function NavCount({ count, word, tone }: { count: number; word: string; tone: keyof typeof COLORS }) {
  if (count <= 0) return null;
  return (
    <Box
      component="span"
      sx={{ minWidth: 22, px: 0.75, borderRadius: 11, ...COLORS[tone], fontSize: 12, fontWeight: 700, lineHeight: '20px', textAlign: 'center' }}
    >
      {count}
      <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
        {' '}
        {word}
      </Box>
    </Box>
  );
}
