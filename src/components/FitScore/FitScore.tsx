import { useState } from 'react';
import { Box, List, ListItem, Tooltip, Typography } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import HighlightOffIcon from '@mui/icons-material/HighlightOffOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import {
  type CompleteStartupProfile,
  describeFitReason,
  type Fit,
  FIT_CRITERION_LABELS,
  type FitVerdict,
  GOOD_FIT,
} from '@/shared/fit';

/** A score's look: strong, fair or weak; the colours keep AA contrast on their backgrounds. */
function band(score: number) {
  if (score >= GOOD_FIT) return { label: 'Good fit', color: '#065f46', bg: '#d1fae5' };
  if (score >= 40) return { label: 'Fair fit', color: '#7c2d12', bg: '#ffedd5' };
  return { label: 'Weak fit', color: '#374151', bg: '#e5e7eb' };
}

const VERDICT_ICONS: Record<FitVerdict, typeof CheckCircleOutlineIcon> = {
  match: CheckCircleOutlineIcon,
  partial: RemoveCircleOutlineIcon,
  miss: HighlightOffIcon,
  unknown: HelpOutlineIcon,
};

const VERDICT_WORDS: Record<FitVerdict, string> = { match: 'Match', partial: 'Partial', miss: 'Miss', unknown: 'Unknown' };

/** One line a reason: the verdict as an icon and a word, the criterion, the reason in words, the points. */
export function FitReasons({ fit, profile, dense = false }: { fit: Fit; profile: CompleteStartupProfile; dense?: boolean }) {
  return (
    // Dense, in a tooltip: its text takes the tooltip's colour.
    <List dense disablePadding sx={dense ? { '& .MuiTypography-root': { color: 'inherit' } } : undefined}>
      {fit.reasons.map((reason) => {
        const Icon = VERDICT_ICONS[reason.verdict];
        return (
          <ListItem key={reason.criterion} disableGutters sx={{ alignItems: 'flex-start', gap: 1, py: dense ? 0.25 : 0.75 }}>
            <Icon fontSize="small" sx={{ mt: 0.25, opacity: 0.85 }} aria-hidden />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant={dense ? 'caption' : 'body2'} component="p" sx={{ fontWeight: 600 }}>
                {FIT_CRITERION_LABELS[reason.criterion]}: {VERDICT_WORDS[reason.verdict]}
              </Typography>
              <Typography variant={dense ? 'caption' : 'body2'} component="p">
                {describeFitReason(reason, profile)}
              </Typography>
            </Box>
            <Typography variant={dense ? 'caption' : 'body2'} component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {reason.points} / {reason.weight}
            </Typography>
          </ListItem>
        );
      })}
    </List>
  );
}

export interface FitScoreProps {
  fit: Fit;
  profile: CompleteStartupProfile;
  /** The grid's tab index for a cell's content (the grid is one tab stop). */
  tabIndex?: 0 | -1;
}

/** A row's fit score as a coloured chip; hovering, focusing or tapping it shows the reasons. */
export function FitScore({ fit, profile, tabIndex = 0 }: FitScoreProps) {
  const look = band(fit.score);
  const [open, setOpen] = useState(false);
  return (
    <Tooltip
      arrow
      describeChild
      // A tap shows the reasons at once (not after a long press) and leaves them long enough to read; a
      // click opens them too, however short the touch was.
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      enterTouchDelay={0}
      leaveTouchDelay={6000}
      title={
        <Box sx={{ p: 0.5, maxWidth: 320 }}>
          <Typography variant="caption" component="p" sx={{ fontWeight: 700, mb: 0.5 }}>
            {look.label}: {fit.score} of 100
          </Typography>
          <FitReasons fit={fit} profile={profile} dense />
        </Box>
      }
    >
      <Box
        component="span"
        tabIndex={tabIndex}
        aria-label={`Fit ${fit.score} of 100, ${look.label.toLowerCase()}`}
        data-fit-score={fit.score}
        onClick={() => setOpen(true)}
        sx={{
          display: 'inline-block',
          minWidth: 36,
          px: 1,
          borderRadius: 10,
          fontSize: 13,
          fontWeight: 700,
          lineHeight: '22px',
          textAlign: 'center',
          color: look.color,
          bgcolor: look.bg,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {fit.score}
      </Box>
    </Tooltip>
  );
}
