import { Alert, Card } from '@mui/material';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { isCompleteProfile } from '@/shared/fit';
import { useRound } from '../api/get-round';
import { useStartupView } from '../api/use-startup-view';
import { RoundProgress } from './RoundProgress';
import { StartupForm } from './StartupForm';

/** /startup: what the founder raises, which ranks every investor by fit, and how far the round is. */
export function StartupPage() {
  const { profile, pending } = useStartupView();
  const round = useRound();
  return (
    <>
      <PageTitle title="Your startup" subtitle="Tell us about your round: Investors and Funds are ranked by how well they fit it." />
      {isCompleteProfile(profile) && round.data?.target !== null && round.data && (
        <Card sx={{ p: { xs: 2.5, sm: 3 }, mb: 3, maxWidth: 720 }} component="section" aria-label="Your round">
          <RoundProgress round={round.data} />
        </Card>
      )}
      {pending && (
        <Alert severity="info" sx={{ mb: 3, maxWidth: 720 }}>
          Saved on this device; it will be sent when you are back online. Investors are re-ranked once it lands.
        </Alert>
      )}
      <Card sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 720 }}>
        <StartupForm profile={profile} />
      </Card>
    </>
  );
}
