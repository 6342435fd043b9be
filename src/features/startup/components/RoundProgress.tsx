import { Box, LinearProgress, Typography } from '@mui/material';
import { formatCountOf, formatUsd } from '@/lib/format';
import type { RoundProgress as Round } from '@/shared/fit';

/** "N days to close", or how long ago the close date passed. */
export function closeText(daysLeft: number): string {
  if (daysLeft === 0) return 'closes today';
  if (daysLeft > 0) return `${formatCountOf(daysLeft, 'day')} to close`;
  const ago = -daysLeft;
  return `close date passed ${formatCountOf(ago, 'day')} ago`;
}

/** "$X of $Y committed · N days to close". */
export function roundText(round: Round & { target: number; days_left: number }): string {
  return `${formatUsd(round.committed)} of ${formatUsd(round.target)} committed · ${closeText(round.days_left)}`;
}

/**
 * The round's progress: committed against the target as a bar (term sheets and meetings as the lighter
 * buffer), with the amounts in words. Nothing without a target (no profile yet).
 */
export function RoundProgress({ round, compact = false }: { round: Round | undefined; compact?: boolean }) {
  if (!round || round.target === null || round.days_left === null) return null;
  const target = round.target;
  const share = (amount: number) => Math.min(100, (amount / target) * 100);
  const text = roundText({ ...round, target, days_left: round.days_left });
  return (
    <Box>
      <Typography variant={compact ? 'caption' : 'body2'} component="p" sx={{ fontWeight: 600, mb: 0.75 }}>
        {text}
      </Typography>
      <LinearProgress
        variant="buffer"
        value={share(round.committed)}
        valueBuffer={share(round.committed + round.term_sheet + round.meeting)}
        aria-label={`Round progress: ${text}`}
        sx={{
          height: compact ? 6 : 10,
          borderRadius: 5,
          // The whole round as a plain track, so what is still open shows too (the buffer's dots would not).
          bgcolor: 'grey.200',
          '& .MuiLinearProgress-dashed': { display: 'none' },
        }}
      />
      {!compact && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          In term sheets {formatUsd(round.term_sheet)} · In meetings {formatUsd(round.meeting)}
        </Typography>
      )}
    </Box>
  );
}
