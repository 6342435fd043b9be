import { Box, Paper, Typography } from '@mui/material';
import { FitReasons, FitScore } from '@/components/FitScore';
import type { CompleteStartupProfile, Fit } from '@/shared/fit';

/** "Why it fits": the row's score against the founder's round and one reason a criterion, in words. */
export function WhyItFits({ fit, profile }: { fit: Fit; profile: CompleteStartupProfile }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="why-it-fits" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography id="why-it-fits" variant="h4" component="h2">
          Why it fits
        </Typography>
        <FitScore fit={fit} profile={profile} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Scored {fit.score} of 100 against your {profile.stage} round ({profile.name}).
      </Typography>
      <FitReasons fit={fit} profile={profile} />
    </Paper>
  );
}
