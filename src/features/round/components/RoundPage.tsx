import { Alert, Box, Paper, Skeleton, Typography } from '@mui/material';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { ButtonLink, TextLink } from '@/components/RouterLinks/RouterLinks';
import { isUnavailableOffline } from '@/features/offline';
import { apiErrorDetail } from '@/lib/api-client';
import { useOnlineStatus } from '@/lib/use-online-status';
import type { RoundSummary } from '@/shared/round-summary';
import { useRoundSummary } from '../api/get-round-summary';
import { asOfLabel } from '../round-format';
import { ColdPanel } from './ColdPanel';
import { CommittedPanel } from './CommittedPanel';
import { EngagedPanel } from './EngagedPanel';
import { FunnelPanel } from './FunnelPanel';
import { ResponsePanel } from './ResponsePanel';
import { RoundControls, type RoundControlsProps } from './RoundControls';
import { RoundScopeContext, type RoundScope } from './round-scope';

export type RoundPageProps = RoundScope & Pick<RoundControlsProps, 'onListChange' | 'onColdDaysChange'>;

const columnSx = { display: { xs: 'contents', lg: 'flex' }, flexDirection: 'column', gap: 2, minWidth: 0 } as const;

/** When the figures shown were computed: said offline, once they are no longer fresh (read again on the next visit), or when reading them again failed. */
function AsOf({ summary, stale }: { summary: RoundSummary; stale: boolean }) {
  const online = useOnlineStatus();
  if (online && !stale) return null;
  return (
    <Typography role="status" sx={{ fontSize: 14, color: 'text.secondary', mb: 2 }}>
      As of {asOfLabel(summary.computed_at)}
      {online ? '' : ' · offline'}
    </Typography>
  );
}

/** What a founder with no rows yet is told: how the page fills. */
function NoRowsYet({ oneList }: { oneList: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography component="h2" sx={{ fontWeight: 650, fontSize: 17 }}>
        {oneList ? 'No investors on this list yet' : 'Your round starts with a list'}
      </Typography>
      <Box component="ol" sx={{ pl: 2.5, my: 1.5, color: 'text.secondary', maxWidth: 680, '& li': { mb: 0.75 } }}>
        <li>Save the investors you mean to contact to a list, from Investors.</li>
        <li>Move each row through its stages as the talks go: Contacted, Meeting, Term sheet, Committed (or Passed), with the amount.</li>
        <li>
          Set your round&apos;s target on <TextLink to="/startup">Your startup</TextLink>.
        </li>
      </Box>
      <Typography sx={{ color: 'text.secondary', maxWidth: 680, mb: 2 }}>
        This page then counts them: the funnel, who answered and how fast, who is going cold, and what is committed against your target.
      </Typography>
      <ButtonLink to="/investors">Browse investors</ButtonLink>
    </Paper>
  );
}

/** /round: where the raise stands, for all her investor lists or one list, in panels that each open their rows. */
export function RoundPage({ onListChange, onColdDaysChange, ...scope }: RoundPageProps) {
  const summary = useRoundSummary({ listId: scope.listId, coldDays: scope.coldDays, tz: scope.tz });
  const data = summary.data;
  return (
    <RoundScopeContext.Provider value={scope}>
      <PageTitle title="Round" subtitle="Where your raise stands: who answered, who is going cold, and what is committed. Every number opens its rows." />
      <RoundControls
        listId={scope.listId}
        coldDays={scope.coldDays}
        lists={scope.lists}
        onListChange={onListChange}
        onColdDaysChange={onColdDaysChange}
      />
      {data === undefined ? (
        summary.isError ? (
          <Alert severity={isUnavailableOffline(summary.error) ? 'info' : 'error'}>
            {isUnavailableOffline(summary.error)
              ? 'These figures have not been opened on this device while online, so there is no saved copy. Connect to see them.'
              : (apiErrorDetail(summary.error) ?? 'The figures could not be loaded.')}
          </Alert>
        ) : (
          <Skeleton variant="rounded" height={320} role="progressbar" aria-label="Loading the figures" />
        )
      ) : (
        <>
          <AsOf summary={data} stale={summary.isStale || summary.isError} />
          {data.rows === 0 ? (
            <NoRowsYet oneList={scope.listId !== null} />
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
                alignItems: 'start',
                opacity: summary.isPlaceholderData ? 0.6 : 1,
              }}
            >
              {/* Two columns of panels on a wide screen; on a narrow one a single column, in the order given. */}
              <Box sx={columnSx}>
                <CommittedPanel summary={data} order={1} />
                <ResponsePanel summary={data} order={3} />
                <EngagedPanel summary={data} order={5} />
              </Box>
              <Box sx={columnSx}>
                <FunnelPanel summary={data} order={2} />
                <ColdPanel summary={data} order={4} />
              </Box>
            </Box>
          )}
        </>
      )}
    </RoundScopeContext.Provider>
  );
}
